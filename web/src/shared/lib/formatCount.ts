const numberFormat = new Intl.NumberFormat('en-US');

/** A count with thousands separators: 12,840. */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}
