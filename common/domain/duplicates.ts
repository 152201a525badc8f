/**
 * Duplicates in a playlist (domain.md): the same track id twice is a duplicate; the same
 * ISRC, or the same normalised title and artists, is a possible duplicate. Versions marked
 * live, acoustic, remix and the like are different recordings, not duplicates.
 */
export interface DuplicateCandidate {
  position: number;
  id: string;
  name: string;
  artists: readonly string[];
  isrc: string | null;
}

export interface DuplicateGroups {
  /** Groups of positions holding the same track id. */
  exact: number[][];
  /** Groups of positions holding the same recording under different track ids. */
  possible: number[][];
}

const VERSION_WORDS =
  /\b(live|acoustic|remix|remixed|mix|edit|instrumental|demo|unplugged|version|remaster(ed)?|mono|stereo|karaoke|cover|session|sped up|slowed)\b/i;

/** Title without decorations that don't change the recording ("feat.", brackets that are not versions). */
export function normaliseTitle(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s*[([]\s*(feat\.?|ft\.?|with)\s[^)\]]*[)\]]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A version marker ("Live", "Acoustic", "Remix") makes a different recording. */
export function versionOf(title: string): string | null {
  const marked = /\s[-–]\s(.+)$/.exec(title)?.[1] ?? /[([]([^)\]]+)[)\]]\s*$/.exec(title)?.[1];
  if (marked && VERSION_WORDS.test(marked)) return normaliseTitle(marked);
  return VERSION_WORDS.test(title) ? normaliseTitle(title) : null;
}

function recordingKey(candidate: DuplicateCandidate): string {
  const artists = candidate.artists
    .map((artist) => normaliseTitle(artist))
    .sort()
    .join(',');
  const base = normaliseTitle(
    candidate.name.replace(/\s[-–]\s.+$/, '').replace(/[([][^)\]]*[)\]]\s*$/, ''),
  );
  return `${base}|${artists}|${versionOf(candidate.name) ?? ''}`;
}

/** Positions grouped by a key; candidates whose key is null stand alone. */
function groupPositions(
  candidates: readonly DuplicateCandidate[],
  key: (c: DuplicateCandidate) => string | null,
): number[][] {
  const groups = new Map<string, number[]>();
  for (const candidate of candidates) {
    const value = key(candidate);
    if (value === null) continue;
    groups.set(value, [...(groups.get(value) ?? []), candidate.position]);
  }
  return [...groups.values()].filter((positions) => positions.length > 1);
}

export function findDuplicates(candidates: readonly DuplicateCandidate[]): DuplicateGroups {
  const exact = groupPositions(candidates, (c) => c.id);

  // Possible duplicates link different track ids by ISRC or by recording; linked ids form
  // one group (union-find), and a group counts only if it holds more than one track id.
  const root = new Map<string, string>();
  const find = (id: string): string => {
    const parent = root.get(id) ?? id;
    if (parent === id) return id;
    const top = find(parent);
    root.set(id, top);
    return top;
  };
  for (const key of [(c: DuplicateCandidate) => c.isrc, recordingKey]) {
    const idsByKey = new Map<string, string>();
    for (const candidate of candidates) {
      const value = key(candidate);
      if (value === null) continue;
      const first = idsByKey.get(value);
      if (first === undefined) idsByKey.set(value, candidate.id);
      else if (find(first) !== find(candidate.id)) root.set(find(candidate.id), find(first));
    }
  }
  const possible = [...groupPositions(candidates, (c) => find(c.id))].filter(
    (positions) =>
      new Set(positions.map((p) => candidates.find((c) => c.position === p)?.id)).size > 1,
  );
  return { exact, possible };
}
