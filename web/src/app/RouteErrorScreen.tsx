import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClassName } from '../shared/ui/Button';
import { Logo } from '../shared/ui/Logo';

function describe(error: unknown): { title: string; detail: string | null; stack: string | null } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : null;
    return { title: `${error.status} ${error.statusText}`.trim(), detail, stack: null };
  }
  if (error instanceof Error)
    return { title: error.message, detail: null, stack: error.stack ?? null };
  return { title: 'Unknown error', detail: null, stack: null };
}

/**
 * The router's fallback for unmatched and failed routes, keeping React
 * Router's default heading.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { title, detail, stack } = describe(error);
  return (
    <main className="mx-auto flex min-h-full max-w-2xl flex-col justify-center px-6 py-16">
      <Logo className="mb-10" />
      <h2 className="text-2xl font-semibold text-slate-900">Unexpected Application Error!</h2>
      <h3 className="mt-3 text-lg text-slate-700 italic">{title}</h3>
      {detail && <p className="mt-2 text-sm text-slate-600">{detail}</p>}
      {import.meta.env.DEV && stack && (
        <pre className="mt-4 max-h-72 overflow-auto rounded-lg bg-slate-100 p-4 text-xs text-slate-700">
          {stack}
        </pre>
      )}
      <div className="mt-8">
        {/* A full page load: the router that failed is not trusted to navigate. */}
        <a href="/" className={buttonClassName()}>
          Go to Home
        </a>
      </div>
    </main>
  );
}
