/** Text folded for ordering: without accents and case, so Élodie sorts beside Elliot. */
function foldForOrder(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Orders names and titles alphabetically, ignoring case and accents; ties fall back to the
 * text as written, so the order is stable. Not localeCompare: a page's first collation loads
 * the browser's locale data (about 45 ms on a desktop, many times that on a phone; see
 * formatCount), and a filter menu's order does not need a locale's rules.
 */
export function compareText(a: string, b: string): number {
  const foldedA = foldForOrder(a);
  const foldedB = foldForOrder(b);
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
