/**
 * A count with thousands separators, as en-US writes it: 12,840; -1,250; 3.5.
 *
 * Written without Intl on purpose: a page's first Intl.NumberFormat loads the browser's
 * locale data, about 60 ms of main-thread work on a desktop and many times that on a phone,
 * which every screen showing a count would pay while it first renders (bench/README.md,
 * "Front end"). Numbers that are not finite are written as JavaScript writes them.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  // Numbers of 1e21 and more are written with an exponent; they are left as they are.
  const grouped = /e/.test(whole) ? whole : whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
