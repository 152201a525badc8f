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
 * The page is the best `limit` of both.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { FIT_SCORE_MAX, SHARED_ARTISTS_SHOWN } from '../../../common/api/users/actions.js';
import type { Fit, PotentialPartner } from '../../../common/api/users/schemas.js';
import type { AppContext } from '../../appContext.js';
import type { Db } from '../../db/client.js';
import {
  blocks,
  catalogSongs,
  curatorArtists,
  curatorSummaries,
  friendRequests,
  friendships,
  users,
} from '../../db/schema.js';
import { validationFailed } from '../../lib/apiError.js';
import { artistKeyOf, artistPoints, compareByFit, fitScore } from './fit.js';
import { presentCurator } from './presenter.js';
import { requestsReceivedCount } from './relations.js';

/** The caller's artists a fit looks for (their most frequent in the catalogue). */
export const VIEWER_ARTISTS_MAX = 50;
/** Curators read per viewer artist (best standing first). */
export const PER_ARTIST_MAX = 20;

export interface PartnerFilters {
  query?: string | undefined;
  minFit?: number | undefined;
  minFollowers?: number | undefined;
  minHonouredShare?: number | undefined;
}

export interface FitCursor {
  score: number;
  id: string;
}

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

/** `%text%` for ILIKE, with the pattern characters of the search taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
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
  const rows = await db
    .select({
      // Only the artists leave the database, not the whole stored track.
      artists: sql<{ name: string }[] | null>`${catalogSongs.track} -> 'artists'`,
      upcoming: catalogSongs.upcomingArtists,
    })
    .from(catalogSongs)
    .where(eq(catalogSongs.userId, viewerId))
    .orderBy(
      sql`${catalogSongs.releaseSort} desc nulls last`,
      sql`${catalogSongs.createdAt} desc nulls last`,
      sql`${catalogSongs.id} desc nulls last`,
    )
    .limit(songsRead);
  const counts = new Map<string, number>();
  for (const row of rows) {
    const names = row.artists?.map((artist) => artist.name) ?? row.upcoming ?? [];
    for (const name of names) {
      const key = artistKeyOf(name);
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, VIEWER_ARTISTS_MAX)
    .map(([key]) => key);
}

/**
 * Which optional conditions a query holds. Each shape is one SQL text: production prepares it
 * once per database as a named statement (preparedPartnerQueries), so neither Drizzle nor
 * PostgreSQL builds or plans it again per page.
 */
interface PartnerShape {
  after: boolean;
  minFit: boolean;
  minFollowers: boolean;
  minHonouredShare: boolean;
  query: boolean;
  /** The viewer has catalogue artists (otherwise nobody is matched, and nobody excluded). */
  artists: boolean;
}

/** What a query binds: the values themselves, or a prepared statement's placeholders. */
interface PartnerValues {
  viewerId: unknown;
  afterScore: unknown;
  afterId: unknown;
  minFit: unknown;
  minFollowers: unknown;
  minHonouredShare: unknown;
  pattern: unknown;
  artistKeys: unknown;
  limit: unknown;
}

function shapeOf(
  filters: PartnerFilters,
  after: FitCursor | null,
  artistKeys: readonly string[],
): PartnerShape {
  return {
    after: after !== null,
    minFit: (filters.minFit ?? 0) > 0,
    minFollowers: (filters.minFollowers ?? 0) > 0,
    minHonouredShare: (filters.minHonouredShare ?? 0) > 0,
    query: Boolean(filters.query),
    artists: artistKeys.length > 0,
  };
}

function valuesOf(
  viewerId: string,
  filters: PartnerFilters,
  after: FitCursor | null,
  artistKeys: readonly string[],
  limit: number,
) {
  return {
    viewerId,
    afterScore: after?.score ?? null,
    afterId: after?.id ?? null,
    minFit: filters.minFit ?? 0,
    minFollowers: filters.minFollowers ?? 0,
    minHonouredShare: filters.minHonouredShare ?? 0,
    pattern: filters.query ? containing(filters.query) : null,
    artistKeys: [...artistKeys],
    limit,
  } satisfies PartnerValues;
}

const PLACEHOLDERS: PartnerValues = {
  viewerId: sql.placeholder('viewerId'),
  afterScore: sql.placeholder('afterScore'),
  afterId: sql.placeholder('afterId'),
  minFit: sql.placeholder('minFit'),
  minFollowers: sql.placeholder('minFollowers'),
  minHonouredShare: sql.placeholder('minHonouredShare'),
  pattern: sql.placeholder('pattern'),
  artistKeys: sql.placeholder('artistKeys'),
  limit: sql.placeholder('limit'),
};

/** One bound value (an array stays one array parameter). */
const bound = (value: unknown) => sql.param(value);

/** Who may appear for the viewer, and the filters every read applies. */
function partnerConditions(shape: PartnerShape, values: PartnerValues): SQL[] {
  const viewer = sql`${bound(values.viewerId)}::uuid`;
  const conditions: SQL[] = [
    sql`${curatorSummaries.visiblePlaylists} > 0`,
    sql`${curatorSummaries.userId} <> ${viewer}`,
    sql`not exists (select 1 from ${friendships} where ${friendships.userId} = ${viewer} and ${friendships.friendId} = ${curatorSummaries.userId})`,
    // Two probes of the blocks primary key, one per direction.
    sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${curatorSummaries.userId})`,
    sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${curatorSummaries.userId} and ${blocks.blockedId} = ${viewer})`,
  ];
  if (shape.minFollowers)
    conditions.push(sql`${curatorSummaries.followers} >= ${bound(values.minFollowers)}::int`);
  if (shape.minHonouredShare)
    conditions.push(
      sql`${curatorSummaries.honouredShare} >= ${bound(values.minHonouredShare)}::float8`,
    );
  if (shape.query) conditions.push(sql`${users.name} ilike ${bound(values.pattern)}::text`);
  return conditions;
}

const partnerColumns = {
  id: curatorSummaries.userId,
  standing: curatorSummaries.standing,
  followers: curatorSummaries.followers,
  placementsChecked: curatorSummaries.placementsChecked,
  honouredShare: curatorSummaries.honouredShare,
  visiblePlaylists: curatorSummaries.visiblePlaylists,
  name: users.name,
  pictureId: users.pictureId,
  description: users.description,
  network: users.network,
};

/**
 * The top PER_ARTIST_MAX curators by standing for each of the artist keys (a bounded range of
 * curator_artists_artist_idx each, so a popular artist costs no more than a rare one), as
 * the relation `top(user_id, standing)`; a curator appears once per artist they share.
 */
function topPerArtist(artistKeys: unknown): SQL {
  return sql`unnest(${bound(artistKeys)}::text[]) as wanted(key) cross join lateral (
    select ca.user_id, ca.standing from curator_artists ca
    where ca.artist_key = wanted.key
    order by ca.standing desc nulls last, ca.user_id desc nulls last
    limit ${PER_ARTIST_MAX}) as top`;
}

/**
 * artistPoints(1..VIEWER_ARTISTS_MAX), a float8[] the SQL indexes by the shared count, so
 * the database ranks by fit.ts's own numbers (1-based, as PostgreSQL arrays are).
 */
const ARTIST_POINTS_TABLE = Array.from({ length: VIEWER_ARTISTS_MAX }, (_, index) =>
  artistPoints(index + 1),
);

/**
 * The curators sharing none of the viewer's artists (as matchedQuery finds them), in standing
 * order after the cursor: an index range of curator_summaries_standing_idx, `limit` rows (the
 * plan test reads it). The matched curators are excluded in the database (one array built
 * once per query), so they never travel to the server and back.
 */
function buildByStanding(db: Db, shape: PartnerShape, values: PartnerValues) {
  const conditions = partnerConditions(shape, values);
  if (shape.after)
    conditions.push(
      sql`(${curatorSummaries.standing}, ${curatorSummaries.userId}) < (${bound(values.afterScore)}::float8, ${bound(values.afterId)}::uuid)`,
    );
  if (shape.minFit)
    conditions.push(sql`${curatorSummaries.standing} >= ${bound(values.minFit)}::float8`);
  if (shape.artists)
    conditions.push(
      sql`${curatorSummaries.userId} <> all(array(select top.user_id from ${topPerArtist(values.artistKeys)}))`,
    );
  return db
    .select(partnerColumns)
    .from(curatorSummaries)
    .innerJoin(users, eq(users.id, curatorSummaries.userId))
    .where(and(...conditions))
    .orderBy(
      sql`${curatorSummaries.standing} desc nulls last`,
      sql`${curatorSummaries.userId} desc nulls last`,
    )
    .limit(values.limit as number);
}

/**
 * The curators sharing at least one of the viewer's artists (topPerArtist), scored in SQL
 * with fitScore's arithmetic, best fit first after the cursor, at most `limit`: the scoring
 * and ordering happen on the grouped ids and the curator's standing copy in curator_artists,
 * and only the rows of the page are joined to summaries and users and leave the database.
 */
function buildMatched(db: Db, shape: PartnerShape, values: PartnerValues) {
  const grouped = sql`(select top.user_id, count(*)::int as shared, max(top.standing) as standing
      from ${topPerArtist(values.artistKeys)} group by top.user_id) as grouped`;
  // fitScore: min(FIT_SCORE_MAX, tenth(artistPoints(shared) + standing)); Math.round is floor(x + 0.5).
  const score = sql`least(${FIT_SCORE_MAX}::float8, floor(((${sql.param(ARTIST_POINTS_TABLE)}::float8[])[grouped.shared] + grouped.standing) * 10 + 0.5) / 10)`;
  const scoredConditions: SQL[] = [];
  if (shape.after)
    scoredConditions.push(
      sql`(s.score, s.user_id) < (${bound(values.afterScore)}::float8, ${bound(values.afterId)}::uuid)`,
    );
  if (shape.minFit) scoredConditions.push(sql`s.score >= ${bound(values.minFit)}::float8`);
  const scored = db
    .select({
      userId: sql<string>`s.user_id`.as('partner_id'),
      shared: sql<number>`s.shared`.as('shared'),
      score: sql<number>`s.score`.as('score'),
    })
    .from(sql`(select grouped.user_id, grouped.shared, ${score} as score from ${grouped}) as s`)
    .where(scoredConditions.length > 0 ? and(...scoredConditions) : undefined)
    .orderBy(sql`s.score desc`, sql`s.user_id desc`)
    .as('scored');
  return db
    .select({ ...partnerColumns, shared: scored.shared, score: scored.score })
    .from(scored)
    .innerJoin(curatorSummaries, eq(curatorSummaries.userId, scored.userId))
    .innerJoin(users, eq(users.id, scored.userId))
    .where(and(...partnerConditions(shape, values)))
    .orderBy(desc(scored.score), desc(scored.userId))
    .limit(values.limit as number);
}

/** The by-standing read with its values in place (plan tests and the benchmark explain it). */
export function byStandingQuery(
  db: Db,
  viewerId: string,
  filters: PartnerFilters,
  after: FitCursor | null,
  artistKeys: readonly string[],
  limit: number,
) {
  const shape = shapeOf(filters, after, artistKeys);
  return buildByStanding(db, shape, valuesOf(viewerId, filters, after, artistKeys, limit));
}

/** The matched read with its values in place (plan tests and the benchmark explain it). */
export function matchedQuery(
  db: Db,
  viewerId: string,
  filters: PartnerFilters,
  artistKeys: readonly string[],
  after: FitCursor | null = null,
  limit = VIEWER_ARTISTS_MAX * PER_ARTIST_MAX,
) {
  const shape = shapeOf(filters, after, artistKeys);
  return buildMatched(db, shape, valuesOf(viewerId, filters, after, artistKeys, limit));
}

function preparePartnerQueries(db: Db, shape: PartnerShape) {
  const key = Object.values(shape)
    .map((on) => (on ? '1' : '0'))
    .join('');
  return {
    byStanding: buildByStanding(db, shape, PLACEHOLDERS).prepare(`discovery_standing_${key}`),
    matched: buildMatched(db, shape, PLACEHOLDERS).prepare(`discovery_matched_${key}`),
  };
}

/** The two reads of each shape, prepared once per database. */
const preparedByDb = new WeakMap<Db, Map<string, ReturnType<typeof preparePartnerQueries>>>();

function preparedPartnerQueries(db: Db, shape: PartnerShape) {
  let byShape = preparedByDb.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedByDb.set(db, byShape);
  }
  const key = JSON.stringify(shape);
  let prepared = byShape.get(key);
  if (!prepared) {
    prepared = preparePartnerQueries(db, shape);
    byShape.set(key, prepared);
  }
  return prepared;
}

type PartnerRow = Awaited<ReturnType<typeof byStandingQuery>>[number] & {
  shared: number;
  score: number;
};

/** A page of potential partners for the viewer, best fit first. */
export async function listPotentialPartners(
  context: AppContext,
  viewerId: string,
  input: PartnerFilters & { cursor?: string | undefined; limit: number },
): Promise<{ partners: PotentialPartner[]; nextCursor: string | null; requestsReceived: number }> {
  const { db } = context;
  const after = decodeFitCursor(input.cursor);
  const artistKeys = await viewerArtistKeys(db, viewerId);
  const shape = shapeOf(input, after, artistKeys);
  const values = valuesOf(viewerId, input, after, artistKeys, input.limit + 1);
  // A name search is planned for its own text (a rare name through the trigram index, a common
  // one along the standing index), so it is never a prepared statement's generic plan.
  const reads = shape.query
    ? {
        matched: { execute: () => buildMatched(db, shape, values) },
        byStanding: { execute: () => buildByStanding(db, shape, values) },
      }
    : preparedPartnerQueries(db, shape);
  const matched: PartnerRow[] = shape.artists ? await reads.matched.execute(values) : [];
  const rest = await reads.byStanding.execute(values);
  const ranked = [
    ...matched,
    ...rest.map((row) => ({ ...row, shared: 0, score: fitScore(0, row.standing) })),
  ].sort(compareByFit);
  const page = ranked.slice(0, input.limit);
  const nextCursor =
    ranked.length > input.limit
      ? encodeFitCursor({ score: page.at(-1)!.score, id: page.at(-1)!.id })
      : null;
  return {
    partners: await presentPartners(db, viewerId, page, artistKeys),
    nextCursor,
    requestsReceived: await requestsReceivedCount(db, viewerId),
  };
}

/** The page as the contract says, with the request flags and the shared artists' names. */
async function presentPartners(
  db: Db,
  viewerId: string,
  page: PartnerRow[],
  artistKeys: readonly string[],
): Promise<PotentialPartner[]> {
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id);
  const [requests, names] = await Promise.all([
    // The requests either way between the viewer and the page, in one read.
    db
      .select({ senderId: friendRequests.senderId, receiverId: friendRequests.receiverId })
      .from(friendRequests)
      .where(
        or(
          and(eq(friendRequests.senderId, viewerId), inArray(friendRequests.receiverId, ids)),
          and(eq(friendRequests.receiverId, viewerId), inArray(friendRequests.senderId, ids)),
        ),
      ),
    artistKeys.length === 0 || page.every((row) => row.shared === 0)
      ? Promise.resolve([])
      : db
          .select({
            userId: curatorArtists.userId,
            name: curatorArtists.artistName,
            tracks: curatorArtists.tracks,
          })
          .from(curatorArtists)
          .where(
            and(
              inArray(
                curatorArtists.userId,
                page.filter((row) => row.shared > 0).map((row) => row.id),
              ),
              inArray(curatorArtists.artistKey, [...artistKeys]),
            ),
          )
          .orderBy(desc(curatorArtists.tracks), curatorArtists.artistKey),
  ]);
  const sentTo = new Set(
    requests.filter((row) => row.senderId === viewerId).map((row) => row.receiverId),
  );
  const receivedFrom = new Set(
    requests.filter((row) => row.receiverId === viewerId).map((row) => row.senderId),
  );
  const namesOf = new Map<string, string[]>();
  for (const row of names) {
    const list = namesOf.get(row.userId) ?? [];
    if (list.length < SHARED_ARTISTS_SHOWN) list.push(row.name);
    namesOf.set(row.userId, list);
  }
  return page.map((row) => ({
    ...presentCurator(row),
    description: row.description,
    network: row.network,
    friendRequestSent: sentTo.has(row.id),
    friendRequestReceived: receivedFrom.has(row.id),
    visiblePlaylists: row.visiblePlaylists,
    fit: {
      score: row.score,
      sharedArtists: row.shared,
      sharedArtistNames: namesOf.get(row.id) ?? [],
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
  const artistKeys = await viewerArtistKeys(db, viewerId);
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
    score: fitScore(shared.length, summary.standing),
    sharedArtists: shared.length,
    sharedArtistNames: shared.slice(0, SHARED_ARTISTS_SHOWN).map((row) => row.name),
    followers: summary.followers,
    honouredShare: summary.honouredShare,
    placementsChecked: summary.placementsChecked,
  };
}
