/**
 * Discovery: network/potential-partners (docs/network.md, Discovery). Other curators with a
 * visible playlist who are not the caller, not friends and not blocked either way, ranked by
 * fit (./fit.ts), with filters, a name search and a keyset cursor (score, id).
 *
 * Two reads make a page, neither sorting all curators:
 * - matched: the curators sharing one of the caller's catalogue artists (the artist index,
 *   one range per artist), scored in full;
 * - by standing: everybody else, whose fit is their stored standing, read in the order of
 *   curator_summaries_standing_idx from the cursor on, a page at a time.
 * The page is the best `limit` of both (the reads: ./partnerQueries.ts).
 */
import { and, desc, eq, inArray, sql, type AnyColumn, type Placeholder } from 'drizzle-orm';
import { SHARED_ARTISTS_SHOWN } from '../../../common/api/users/limits.js';
import type { Fit, PotentialPartner } from '../../../common/api/users/schemas.js';
import { presentHealth } from '../../../common/api/playlistHealth.js';
import { MUSIC_TAG_IDS } from '../../../common/domain/genres.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import { inIds } from '../../db/idLists.js';
import { preparedOnce } from '../../db/preparedOnce.js';
import {
  catalogSongs,
  curatorArtists,
  curatorSummaries,
  curatorTags,
  friendRequests,
  managedPlaylists,
  playlistHealth,
} from '../../db/schema.js';
import { validationFailed } from '../../lib/apiError.js';
import {
  JOINED,
  prepareSessionJoined,
  runSessionJoined,
  SESSION_USER_ID,
} from '../../identity/index.js';
import { artistKeyOf, compareByFit, fitScore } from './fit.js';
import { presentCurator } from '../network/index.js';
import {
  buildByStanding,
  buildMatched,
  byStandingQuery,
  matchesAny,
  preparedPartnerQueries,
  shapeOf,
  valuesOf,
  VIEWER_ARTISTS_MAX,
  type FitCursor,
  type PartnerFilters,
} from './partnerQueries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeFitCursor(cursor: FitCursor): string {
  return Buffer.from(JSON.stringify([cursor.score, cursor.id])).toString('base64url');
}

/** The cursor a page handed out; anything else is the caller's mistake (400 naming cursor). */
export function decodeFitCursor(value: string | undefined): FitCursor | null {
  if (value === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [score, id] = parsed as unknown[];
      if (
        typeof score === 'number' &&
        Number.isFinite(score) &&
        typeof id === 'string' &&
        UUID.test(id)
      )
        return { score, id };
    }
  } catch {
    // falls through to the refusal
  }
  throw validationFailed({ cursor: 'Not a cursor from a previous page' });
}

/**
 * Catalogue songs a fit reads: the first of the catalogue's own order (newest releases first,
 * catalog_songs_user_order_idx), so a 100,000-song catalogue costs what a 2,000-song one does.
 */
export const VIEWER_SONGS_READ = 2_000;

/** The caller's catalogue artists by key, most songs first, from their newest songs. */
export async function viewerArtistKeys(
  db: Db,
  viewerId: string,
  songsRead = VIEWER_SONGS_READ,
): Promise<string[]> {
  return (await viewerCatalogTaste(db, viewerId, songsRead)).artistKeys;
}

/** What a fit compares of the caller's catalogue: its artists' keys and its songs' tags. */
interface CatalogTaste {
  artistKeys: string[];
  /** Tag ids on those songs, in vocabulary order. */
  songTags: string[];
}

async function viewerCatalogTaste(
  db: Db,
  viewerId: string,
  songsRead = VIEWER_SONGS_READ,
): Promise<CatalogTaste> {
  const rows = await preparedViewerArtists(db).execute({ viewerId, songsRead });
  const counts = new Map<string, number>();
  const tags = new Set<string>();
  for (const row of rows) {
    for (const tag of row.tags) tags.add(tag);
    const names = row.artists?.map((artist) => artist.name) ?? row.upcoming ?? [];
    for (const name of names) {
      const key = artistKeyOf(name);
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const artistKeys = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, VIEWER_ARTISTS_MAX)
    .map(([key]) => key);
  return { artistKeys, songTags: MUSIC_TAG_IDS.filter((id) => tags.has(id)) };
}

const preparedViewerArtists = preparedOnce((db) =>
  db
    .select({
      // Only the artists leave the database, not the whole stored track.
      artists: sql<{ name: string }[] | null>`${catalogSongs.track} -> 'artists'`,
      upcoming: catalogSongs.upcomingArtists,
      tags: catalogSongs.tags,
    })
    .from(catalogSongs)
    .where(eq(catalogSongs.userId, sql.placeholder('viewerId')))
    .orderBy(
      sql`${catalogSongs.releaseSort} desc nulls last`,
      sql`${catalogSongs.createdAt} desc nulls last`,
      sql`${catalogSongs.id} desc nulls last`,
    )
    .limit(sql.placeholder('songsRead'))
    .prepare('discovery_viewer_artists'),
);

/** Viewers whose artist keys an instance keeps (the least recently asked leave first). */
export const KEPT_VIEWERS_MAX = 10_000;
const keptByDb = new WeakMap<Db, Map<string, { version: number; taste: CatalogTaste }>>();

/**
 * The viewer's artist keys as of their catalogue's version (users.catalog_version, which the
 * session's user row carries; triggers on catalog_songs move it with every change the keys
 * derive from, migration 0027). Kept per instance and viewer: reading and counting the
 * newest 2,000 songs' artists was most of a Discovery request's time (bench/README.md), and a
 * viewer pages and filters the list many times between two catalogue changes. A changed
 * catalogue has another version, so its keys are read again on the next request, on every
 * instance alike; nothing is served stale.
 */
export async function viewerArtistKeysAt(
  db: Db,
  viewer: { id: string; catalogVersion: number },
): Promise<CatalogTaste> {
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  const found = kept.get(viewer.id);
  kept.delete(viewer.id);
  const entry =
    found?.version === viewer.catalogVersion
      ? found
      : { version: viewer.catalogVersion, taste: await viewerCatalogTaste(db, viewer.id) };
  // The map's order is the order of use: the first key is the least recently asked.
  kept.set(viewer.id, entry);
  if (kept.size > KEPT_VIEWERS_MAX) kept.delete(kept.keys().next().value!);
  return entry.taste;
}

/** The tags of a curator's own visible playlists (their curator_tags range). */
const ownTagsOf = (db: Db, userId: Placeholder | AnyColumn) =>
  db.select({ tag: curatorTags.tag }).from(curatorTags).where(eq(curatorTags.userId, userId));

const preparedOwnTags = preparedOnce((db) =>
  ownTagsOf(db, sql.placeholder('viewerId')).prepare('discovery_own_tags'),
);

/**
 * Discovery's first statement: the session lookup and the session user's own tags, joined (one
 * round trip). Null when the token names no live session.
 */
export function sessionOwnTags(db: Db, token: string, now: Date) {
  return runSessionJoined(db, preparedSessionOwnTags(db), {}, token, now);
}

const preparedSessionOwnTags = preparedOnce((db) =>
  prepareSessionJoined(db, ownTagsOf(db, SESSION_USER_ID).as(JOINED), 'discovery_session_own_tags'),
);

/**
 * The viewer's tags a fit looks for: those of their catalogue's songs (kept with the artist
 * keys) and of their own visible playlists (read each time: one short index range), in
 * vocabulary order.
 */
function viewerTagIds(songTags: readonly string[], ownTags: readonly { tag: string }[]) {
  const own = new Set([...songTags, ...ownTags.map((row) => row.tag)]);
  return MUSIC_TAG_IDS.filter((id) => own.has(id));
}

type PartnerRow = Awaited<ReturnType<typeof byStandingQuery>>[number] & {
  shared: number;
  tags: number;
  score: number;
};

/**
 * A page of potential partners for the viewer, best fit first; `ownTags` are the viewer's own
 * (read with the session: sessionOwnTags).
 */
export async function listPotentialPartners(
  context: AppContext,
  viewer: { id: string; catalogVersion: number },
  ownTags: readonly { tag: string }[],
  input: PartnerFilters & { cursor?: string | undefined; limit: number },
): Promise<{ partners: PotentialPartner[]; nextCursor: string | null; requestsReceived: number }> {
  const { db } = context;
  const after = decodeFitCursor(input.cursor);
  const viewerId = viewer.id;
  const { artistKeys, songTags } = await viewerArtistKeysAt(db, viewer);
  const tagIds = viewerTagIds(songTags, ownTags);
  const shape = shapeOf(input, after, artistKeys, tagIds);
  const values = valuesOf(viewerId, input, after, artistKeys, input.limit + 1, tagIds);
  // A name search is planned for its own text (a rare name through the trigram index, a common
  // one along the standing index), so it is never a prepared statement's generic plan.
  const reads = shape.query
    ? {
        matched: { execute: () => buildMatched(db, shape, values) },
        byStanding: { execute: () => buildByStanding(db, shape, values) },
      }
    : preparedPartnerQueries(db, shape);
  const matched: PartnerRow[] = matchesAny(shape) ? await reads.matched.execute(values) : [];
  const rest = await reads.byStanding.execute(values);
  const ranked = [
    ...matched,
    ...rest.map((row) => ({ ...row, shared: 0, tags: 0, score: fitScore(0, row.standing) })),
  ].sort(compareByFit);
  const page = ranked.slice(0, input.limit);
  const nextCursor =
    ranked.length > input.limit
      ? encodeFitCursor({ score: page.at(-1)!.score, id: page.at(-1)!.id })
      : null;
  const [details] = await preparedPageDetails(db).execute({
    viewerId,
    ids: page.map((row) => row.id),
    nameIds: page.filter((row) => row.shared > 0).map((row) => row.id),
    artistKeys: [...artistKeys],
    tagIds: page.filter((row) => row.tags > 0).map((row) => row.id),
    tags: [...tagIds],
  });
  return {
    partners: presentPartners(viewerId, page, details!),
    nextCursor,
    requestsReceived: details!.requestsReceived,
  };
}

/**
 * What a page's cards show besides its rows, and the viewer's count of requests received, in
 * one statement, each part one JSON array (parsed natively, one round trip instead of five):
 * - the friend requests either way between the viewer and the page;
 * - the shared artists' names of the page's curators sharing any (`nameIds`), most tracks
 *   first;
 * - the page's visible playlists with their health labels, most followed first
 *   (managed_playlists_user_spotify_key serves `user_id = any(ids)`), hidden ones never;
 * - the viewer's tags on the page's curators matching any (`tagIds`), by the primary key;
 * - the requests the viewer has received (the network badge).
 */
const preparedPageDetails = preparedOnce((db) => {
  const viewerId = sql.placeholder('viewerId');
  const ids = sql.placeholder('ids');
  const fr = friendRequests;
  const ca = curatorArtists;
  const mp = managedPlaylists;
  const ph = playlistHealth;
  const ct = curatorTags;
  return db
    .select({
      requests: sql<[string, string][]>`(select coalesce(json_agg(json_build_array(
          ${fr.senderId}, ${fr.receiverId})), '[]') from ${fr}
        where (${fr.senderId} = ${viewerId} and ${inIds(fr.receiverId, ids)})
           or (${fr.receiverId} = ${viewerId} and ${inIds(fr.senderId, ids)}))`,
      names: sql<[string, string][]>`(select coalesce(json_agg(json_build_array(
          ${ca.userId}, ${ca.artistName}) order by ${ca.tracks} desc, ${ca.artistKey}), '[]')
        from ${ca}
        where ${inIds(ca.userId, sql.placeholder('nameIds'))}
          and ${ca.artistKey} = any(${sql.placeholder('artistKeys')}::text[]))`,
      playlists: sql<PagePlaylist[]>`(select coalesce(json_agg(json_build_array(
          ${mp.userId}, ${mp.spotifyId}, ${mp.name},
          case when ${ph.playlistId} is null then null
               else json_build_object('label', ${ph.label}, 'evidence', ${ph.evidence},
                                      'assessedOn', ${ph.assessedOn}) end)
          order by ${mp.followers} desc nulls last, ${mp.name}), '[]')
        from ${mp} left join ${ph} on ${ph.playlistId} = ${mp.id}
        where ${inIds(mp.userId, ids)} and ${mp.visible})`,
      tags: sql<[string, string][]>`(select coalesce(json_agg(json_build_array(
          ${ct.userId}, ${ct.tag})), '[]') from ${ct}
        where ${inIds(ct.userId, sql.placeholder('tagIds'))}
          and ${ct.tag} = any(${sql.placeholder('tags')}::text[]))`,
      requestsReceived: sql<number>`(select count(*)::int from ${fr}
        where ${fr.receiverId} = ${viewerId})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('discovery_page_details');
});

/** A page playlist as the details statement answers it: user, Spotify id, name, health. */
type PagePlaylist = [string, string, string, Parameters<typeof presentHealth>[0]];

type PageDetails = NonNullable<
  Awaited<ReturnType<ReturnType<typeof preparedPageDetails>['execute']>>[number]
>;

/** Tag ids in vocabulary order (genres, then moods), as the cards name them. */
const inVocabularyOrder = (tags: Iterable<string>) => {
  const present = new Set(tags);
  return MUSIC_TAG_IDS.filter((id) => present.has(id));
};

/** The page as the contract says, with the request flags and the shared artists' names. */
function presentPartners(
  viewerId: string,
  page: PartnerRow[],
  { requests, names, playlists, tags }: PageDetails,
): PotentialPartner[] {
  const tagsOf = new Map<string, string[]>();
  for (const [userId, tag] of tags) tagsOf.set(userId, [...(tagsOf.get(userId) ?? []), tag]);
  const playlistsOf = new Map<string, NonNullable<PotentialPartner['playlists']>>();
  for (const [userId, spotifyId, name, health] of playlists) {
    const list = playlistsOf.get(userId) ?? [];
    list.push({ spotifyId, name, health: presentHealth(health) });
    playlistsOf.set(userId, list);
  }
  const sentTo = new Set(
    requests.filter(([senderId]) => senderId === viewerId).map(([, receiverId]) => receiverId),
  );
  const receivedFrom = new Set(
    requests.filter(([, receiverId]) => receiverId === viewerId).map(([senderId]) => senderId),
  );
  const namesOf = new Map<string, string[]>();
  for (const [userId, name] of names) {
    const list = namesOf.get(userId) ?? [];
    if (list.length < SHARED_ARTISTS_SHOWN) list.push(name);
    namesOf.set(userId, list);
  }
  return page.map((row) => ({
    ...presentCurator(row),
    description: row.description,
    network: row.network,
    friendRequestSent: sentTo.has(row.id),
    friendRequestReceived: receivedFrom.has(row.id),
    visiblePlaylists: row.visiblePlaylists,
    playlists: playlistsOf.get(row.id) ?? [],
    fit: {
      score: row.score,
      sharedArtists: row.shared,
      sharedArtistNames: namesOf.get(row.id) ?? [],
      sharedTags: inVocabularyOrder(tagsOf.get(row.id) ?? []),
      followers: row.followers,
      honouredShare: row.honouredShare,
      placementsChecked: row.placementsChecked,
    },
  }));
}

/**
 * The fit one curator has for the viewer, as Discovery ranks it (for their profile); null
 * for the viewer themself or a curator with no summary yet.
 */
export async function fitFor(db: Db, viewerId: string, userId: string): Promise<Fit | null> {
  if (viewerId === userId) return null;
  const [summary] = await db
    .select()
    .from(curatorSummaries)
    .where(eq(curatorSummaries.userId, userId));
  if (!summary) return null;
  const { artistKeys, songTags } = await viewerCatalogTaste(db, viewerId);
  const tagIds = viewerTagIds(songTags, await preparedOwnTags(db).execute({ viewerId }));
  const sharedTags =
    tagIds.length === 0
      ? []
      : await db
          .select({ tag: curatorTags.tag })
          .from(curatorTags)
          .where(and(eq(curatorTags.userId, userId), inArray(curatorTags.tag, tagIds)));
  const shared =
    artistKeys.length === 0
      ? []
      : await db
          .select({ name: curatorArtists.artistName })
          .from(curatorArtists)
          .where(
            and(eq(curatorArtists.userId, userId), inArray(curatorArtists.artistKey, artistKeys)),
          )
          .orderBy(desc(curatorArtists.tracks), curatorArtists.artistKey);
  return {
    score: fitScore(shared.length, summary.standing, sharedTags.length),
    sharedArtists: shared.length,
    sharedArtistNames: shared.slice(0, SHARED_ARTISTS_SHOWN).map((row) => row.name),
    sharedTags: inVocabularyOrder(sharedTags.map((row) => row.tag)),
    followers: summary.followers,
    honouredShare: summary.honouredShare,
    placementsChecked: summary.placementsChecked,
  };
}
