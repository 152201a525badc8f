/**
 * The one vocabulary curators tag their visible playlists and catalogue songs with: genres and
 * moods (docs/genres.md). A tag is its `id`; the list is closed so that two curators' tags can
 * be compared, and short enough to pick from with a search.
 */

export type TagKind = 'genre' | 'mood';

export interface MusicTag {
  /** Stored and sent: lowercase, hyphens, never renamed (rename the label instead). */
  id: string;
  /** What a curator reads. */
  label: string;
  kind: TagKind;
  /** Other words a search finds it by. */
  aliases: readonly string[];
}

/** At most this many tags on one playlist or song: a handful, so that a match means something. */
export const TAGS_PER_ITEM_MAX = 5;

const genre = (id: string, label: string, aliases: readonly string[] = []): MusicTag => ({
  id,
  label,
  kind: 'genre',
  aliases,
});
const mood = (id: string, label: string, aliases: readonly string[] = []): MusicTag => ({
  id,
  label,
  kind: 'mood',
  aliases,
});

export const MUSIC_TAGS = [
  genre('pop', 'Pop', ['mainstream']),
  genre('indie-pop', 'Indie pop', ['bedroom pop']),
  genre('indie-rock', 'Indie rock', ['alternative', 'alt rock']),
  genre('rock', 'Rock', ['classic rock']),
  genre('punk', 'Punk', ['pop punk', 'post-punk']),
  genre('metal', 'Metal', ['heavy metal']),
  genre('folk', 'Folk', ['singer-songwriter']),
  genre('acoustic', 'Acoustic', ['unplugged']),
  genre('country', 'Country', ['americana']),
  genre('hip-hop', 'Hip-hop', ['rap', 'trap']),
  genre('rnb', 'R&B', ['rnb', 'soul']),
  genre('jazz', 'Jazz', ['bebop', 'swing']),
  genre('blues', 'Blues'),
  genre('classical', 'Classical', ['orchestral', 'piano']),
  genre('electronic', 'Electronic', ['electronica']),
  genre('house', 'House', ['deep house', 'tech house']),
  genre('techno', 'Techno'),
  genre('drum-and-bass', 'Drum and bass', ['dnb', 'jungle']),
  genre('synthwave', 'Synthwave', ['retrowave', 'outrun']),
  genre('ambient', 'Ambient', ['drone']),
  genre('lo-fi', 'Lo-fi', ['lofi', 'chillhop', 'beats']),
  genre('latin', 'Latin', ['reggaeton', 'salsa']),
  genre('afrobeats', 'Afrobeats', ['afropop', 'amapiano']),
  genre('reggae', 'Reggae', ['dub', 'dancehall']),
  genre('k-pop', 'K-pop'),
  genre('soundtrack', 'Soundtrack', ['score', 'film']),
  genre('funk', 'Funk', ['disco']),
  mood('chill', 'Chill', ['relaxed', 'laid-back']),
  mood('energetic', 'Energetic', ['upbeat', 'hype']),
  mood('workout', 'Workout', ['gym', 'running']),
  mood('focus', 'Focus', ['study', 'concentration']),
  mood('sleep', 'Sleep', ['calm']),
  mood('party', 'Party', ['dance']),
  mood('romantic', 'Romantic', ['love']),
  mood('melancholic', 'Melancholic', ['sad', 'moody']),
  mood('happy', 'Happy', ['feel-good', 'sunny']),
  mood('dreamy', 'Dreamy', ['ethereal']),
  mood('dark', 'Dark', ['brooding']),
  mood('late-night', 'Late night', ['night drive', 'nocturnal']),
  mood('morning', 'Morning', ['coffee', 'wake up']),
] as const satisfies readonly MusicTag[];

export type MusicTagId = (typeof MUSIC_TAGS)[number]['id'];

export const MUSIC_TAG_IDS = MUSIC_TAGS.map((tag) => tag.id) as readonly MusicTagId[];

const byId = new Map<string, MusicTag>(MUSIC_TAGS.map((tag) => [tag.id, tag]));

export function isMusicTagId(value: string): value is MusicTagId {
  return byId.has(value);
}

export function musicTagOf(id: string): MusicTag | undefined {
  return byId.get(id);
}

const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim();

/**
 * Labels in alphabetical order, case aside: the labels are plain English, so the code points of
 * the lower-cased labels order them. Not localeCompare: a page's first collation loads the
 * browser's locale data, tens of milliseconds on a phone in the middle of a render
 * (docs/decisions.md, "No Intl on the client"), and every tag picker searches as it mounts.
 */
function byLabel(a: MusicTag, b: MusicTag): number {
  const [x, y] = [a.label.toLowerCase(), b.label.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Every tag, genres first, then by label: what an empty search answers. */
const BY_KIND_THEN_LABEL: readonly MusicTag[] = [...MUSIC_TAGS].sort((a, b) =>
  a.kind === b.kind ? byLabel(a, b) : a.kind === 'genre' ? -1 : 1,
);

/**
 * The tags a search finds: the query's words each start a word of the label, id or an alias
 * (case and accents do not count); labels that start with the query first, then by label.
 * An empty query answers every tag, by kind then label.
 */
export function searchMusicTags(query: string): MusicTag[] {
  const words = folded(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...BY_KIND_THEN_LABEL];
  const matches = (tag: MusicTag) => {
    const haystack = [tag.label, tag.id, ...tag.aliases].map(folded).join(' ').split(' ');
    return words.every((word) => haystack.some((part) => part.startsWith(word)));
  };
  const starts = (tag: MusicTag) => folded(tag.label).startsWith(words.join(' '));
  return BY_KIND_THEN_LABEL.filter(matches).sort(
    (a, b) => Number(starts(b)) - Number(starts(a)) || byLabel(a, b),
  );
}
