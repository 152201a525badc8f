import { PRODUCT_NAME } from '../../shared/lib/product';
import { LoadingState } from '../../shared/ui/LoadingState';
import { Logo } from '../../shared/ui/Logo';

/** Shown while the start-up call and the first screen load. */
export function BootScreen() {
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-2">
      <Logo />
      <LoadingState label={`Loading ${PRODUCT_NAME}…`} className="py-6" />
    </div>
  );
}
