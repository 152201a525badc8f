import { buttonClassName } from './Button';

/** A CSV download served by a streamed GET route (docs/history.md, "Exports"). */
export function CsvDownloadLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
      {label}
    </a>
  );
}
