import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/lib/product';

/** Footer links. */
export function ShellFooter() {
  return (
    <footer className="flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-slate-200 px-6 py-5 text-sm text-slate-500 sm:px-8">
      <span>
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </span>
      <nav aria-label="Legal" className="flex gap-6">
        <Link to="/termsandconditions" className="hover:text-slate-800 hover:underline">
          Terms and Conditions
        </Link>
        <Link to="/privacy" className="hover:text-slate-800 hover:underline">
          Privacy Policy
        </Link>
      </nav>
    </footer>
  );
}
