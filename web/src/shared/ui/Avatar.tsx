import { useState, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * A round picture, or `fallback` (initials) when there is none or it cannot be loaded. The
 * picture is an ordinary image element, so a page rendered on the server shows it from its first
 * paint, as the browser loads it, instead of once the app has checked that it loads.
 */
export function Avatar({
  src,
  fallback,
  className,
  fallbackClassName,
}: {
  /** The picture's URL; '' or null for none. */
  src: string | null;
  fallback: ReactNode;
  /** Size and background (shown while the picture loads and behind the fallback). */
  className?: string;
  fallbackClassName?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = src && failed !== src ? src : null;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full align-middle select-none',
        className,
      )}
    >
      {picture ? (
        <img
          src={picture}
          alt=""
          decoding="async"
          className="size-full rounded-[inherit] object-cover"
          onError={() => setFailed(picture)}
        />
      ) : (
        <span className={fallbackClassName} aria-hidden="true">
          {fallback}
        </span>
      )}
    </span>
  );
}
