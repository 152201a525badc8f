/**
 * Which of the client router's path patterns a URL path is, the way React Router picks one:
 * `:name` is one segment, a trailing `*` the rest (even nothing), a segment ending in `?` is
 * optional; a static segment outranks a parameter, which outranks a splat (React Router's
 * score); letters' case and a trailing slash do not matter. Answers undefined when none
 * matches. Paths without parameters are one Map lookup, the others are tried best first.
 */
export function routeMatcher(
  patterns: readonly string[],
): (pathname: string) => string | undefined {
  const exact = new Map<string, string>();
  const dynamic: { pattern: string; segments: string[]; score: number; order: number }[] = [];
  for (const pattern of patterns) {
    for (const segments of withoutOptionals(segmentsOf(pattern))) {
      if (segments.some(isParameter)) {
        dynamic.push({ pattern, segments, score: score(segments), order: dynamic.length });
      } else {
        const key = segments.join('/');
        if (!exact.has(key)) exact.set(key, pattern);
      }
    }
  }
  dynamic.sort((a, b) => b.score - a.score || a.order - b.order);

  return (pathname) => {
    const segments = segmentsOf(pathname.toLowerCase());
    return (
      exact.get(segments.join('/')) ??
      dynamic.find((route) => matches(route.segments, segments))?.pattern
    );
  };
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');
const isParameter = (segment: string) => segment.startsWith(':') || segment === '*';

/** Every pattern an optional segment allows: 'a/:b?' is 'a' and 'a/:b'. */
function withoutOptionals(segments: string[]): string[][] {
  const [first, ...rest] = segments;
  if (first === undefined) return [[]];
  const tails = withoutOptionals(rest);
  const segment = first.toLowerCase();
  if (!segment.endsWith('?')) return tails.map((tail) => [segment, ...tail]);
  const required = segment.slice(0, -1);
  return [...tails.map((tail) => [required, ...tail]), ...tails];
}

/** React Router's computeScore: 10 a static segment, 3 a parameter, -2 for a splat. */
function score(segments: string[]): number {
  const splat = segments.includes('*') ? -2 : 0;
  return segments.reduce(
    (sum, segment) => sum + (segment === '*' ? 0 : segment.startsWith(':') ? 3 : 10),
    segments.length + 1 + splat,
  );
}

function matches(pattern: string[], path: string[]): boolean {
  for (const [index, segment] of pattern.entries()) {
    if (segment === '*') return true;
    const part = path[index];
    if (part === undefined) return false;
    if (!segment.startsWith(':') && segment !== part) return false;
  }
  return pattern.length === path.length;
}
