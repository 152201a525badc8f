/** Small helpers for the inline SVG charts. */

/** A rounded step (1, 2 or 5 × 10ⁿ) that splits `span` into about `count` parts. */
export function niceStep(span: number, count: number): number {
  if (span <= 0 || count <= 0) return 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const factor = residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1;
  return Math.max(1, factor * magnitude);
}

/**
 * The y axis of a chart of whole numbers: bounds on round values around min..max, and the
 * ticks between them (at most about `count` + 1).
 */
export function niceAxis(
  min: number,
  max: number,
  count = 4,
): { lo: number; hi: number; ticks: number[] } {
  if (min === max) {
    const pad = Math.max(1, Math.round(Math.abs(min) * 0.05));
    return niceAxis(min - pad, max + pad, count);
  }
  const step = niceStep(max - min, count);
  const lo = Math.floor(min / step) * step;
  const hi = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = lo; tick <= hi + step / 2; tick += step) ticks.push(tick);
  return { lo, hi, ticks };
}

/** Days between two yyyy-MM-dd dates. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
