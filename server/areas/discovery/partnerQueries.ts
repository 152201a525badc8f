/**
 * The two reads of a Discovery page (./discovery.ts; docs/network.md, The query), built by
 * Drizzle: each filter shape once per database as a named prepared statement, or with its
 * values in place (a name search, the plan tests, the benchmark's EXPLAIN).
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { FIT_SCORE_MAX } from '../../../common/api/users/limits.js';
import type { Db } from '../../db/client.js';
import { MUSIC_TAGS } from '../../../common/domain/genres.js';
import { curatorSummaries, curatorTags, friendships, users } from '../../db/schema.js';
import { overlapPoints, TAG_WEIGHT } from './fit.js';
import { unblockedBetween } from '../../db/blockVisibility.js';

/** The caller's artists a fit looks for (their most frequent in the catalogue). */
export const VIEWER_ARTISTS_MAX = 50;
/** Curators read per viewer artist, and per viewer tag (best standing first). */
export const PER_ARTIST_MAX = 20;
/** Tags a viewer can have at most: the whole vocabulary. */
const VIEWER_TAGS_MAX = MUSIC_TAGS.length;

export interface PartnerFilters {
  query?: string | undefined;
  minFit?: number | undefined;
  minFollowers?: number | undefined;
  minHonouredShare?: number | undefined;
  hideBought?: boolean | undefined;
  /** A tag id (docs/genres.md): only curators with a visible playlist carrying it. */
  genre?: string | undefined;
}

export interface FitCursor {
  score: number;
  id: string;
}

/** `%text%` for ILIKE, with the pattern characters of the search taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
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
  /** Only curators with no visible playlist labelled Suspicious or Likely bought. */
  hideBought: boolean;
  query: boolean;
  /** The viewer has catalogue artists (matched through the artist index). */
  artists: boolean;
  /** The viewer has tags (matched through the tag index). */
  tags: boolean;
  /** Only curators with a visible playlist tagged with the genre (curator_tags_tag_idx). */
  genre: boolean;
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
  tagIds: unknown;
  genre: unknown;
  limit: unknown;
}

export function shapeOf(
  filters: PartnerFilters,
  after: FitCursor | null,
  artistKeys: readonly string[],
  tagIds: readonly string[] = [],
): PartnerShape {
  return {
    after: after !== null,
    minFit: (filters.minFit ?? 0) > 0,
    minFollowers: (filters.minFollowers ?? 0) > 0,
    minHonouredShare: (filters.minHonouredShare ?? 0) > 0,
    hideBought: filters.hideBought === true,
    query: Boolean(filters.query),
    artists: artistKeys.length > 0,
    tags: tagIds.length > 0,
    genre: Boolean(filters.genre),
  };
}

export function valuesOf(
  viewerId: string,
  filters: PartnerFilters,
  after: FitCursor | null,
  artistKeys: readonly string[],
  limit: number,
  tagIds: readonly string[] = [],
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
    tagIds: [...tagIds],
    genre: filters.genre ?? null,
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
  tagIds: sql.placeholder('tagIds'),
  genre: sql.placeholder('genre'),
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
    unblockedBetween(viewer, curatorSummaries.userId),
  ];
  if (shape.minFollowers)
    conditions.push(sql`${curatorSummaries.followers} >= ${bound(values.minFollowers)}::int`);
  if (shape.minHonouredShare)
    conditions.push(
      sql`${curatorSummaries.honouredShare} >= ${bound(values.minHonouredShare)}::float8`,
    );
  if (shape.hideBought) conditions.push(sql`${curatorSummaries.flaggedPlaylists} = 0`);
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
 * curator_artists_artist_idx each, so a popular artist costs no more than a rare one) and for
 * each of the tag ids (curator_tags_tag_idx, alike), as the relation
 * `top(user_id, standing, artist, tag)`: a curator appears once per artist (artist = 1) and
 * once per tag (tag = 1) they share.
 */
function topPerArtist(shape: PartnerShape, values: PartnerValues): SQL {
  const byArtist = sql`select top_a.user_id, top_a.standing, 1 as artist, 0 as tag
    from unnest(${bound(values.artistKeys)}::text[]) as wanted(key) cross join lateral (
      select ca.user_id, ca.standing from curator_artists ca
      where ca.artist_key = wanted.key
      order by ca.standing desc nulls last, ca.user_id desc nulls last
      limit ${PER_ARTIST_MAX}) as top_a`;
  const byTag = sql`select top_t.user_id, top_t.standing, 0 as artist, 1 as tag
    from unnest(${bound(values.tagIds)}::text[]) as wanted_tag(key) cross join lateral (
      select ct.user_id, ct.standing from curator_tags ct
      where ct.tag = wanted_tag.key
      order by ct.standing desc nulls last, ct.user_id desc nulls last
      limit ${PER_ARTIST_MAX}) as top_t`;
  // Only the halves the viewer has (the shape says which), so each plan is estimated for them.
  const halves = [...(shape.artists ? [byArtist] : []), ...(shape.tags ? [byTag] : [])];
  return sql`(${sql.join(halves, sql` union all `)}) as top`;
}

/** Whether the viewer has anything to match curators by (else the matched read is empty). */
export const matchesAny = (shape: PartnerShape) => shape.artists || shape.tags;

/** A tag's share of an artist in half-artist units: the overlap table's index step. */
const UNITS_PER_ARTIST = Math.round(1 / TAG_WEIGHT);

/**
 * overlapPoints for 1..(2 × VIEWER_ARTISTS_MAX + VIEWER_TAGS_MAX) half-artists (a shared
 * artist is 2, a shared tag 1), a float8[] the SQL indexes by `2 × shared + tags`, so the
 * database ranks by fit.ts's own numbers (1-based, as PostgreSQL arrays are).
 */
const OVERLAP_POINTS_TABLE = Array.from(
  { length: UNITS_PER_ARTIST * VIEWER_ARTISTS_MAX + VIEWER_TAGS_MAX },
  (_, index) => overlapPoints(0, index + 1),
);

/**
 * The curators sharing none of the viewer's artists (as matchedQuery finds them), in standing
 * order after the cursor: an index range of curator_summaries_standing_idx, `limit` rows (the
 * plan test reads it). The matched curators are excluded in the database (one array built
 * once per query), so they never travel to the server and back.
 */
export function buildByStanding(db: Db, shape: PartnerShape, values: PartnerValues) {
  const conditions = partnerConditions(shape, values);
  // With a genre, the walk is the genre's range of curator_tags_tag_idx (its standing is the
  // summary's copy), so a rare genre does not walk every curator; otherwise the summaries'.
  const order = shape.genre
    ? { standing: curatorTags.standing, userId: curatorTags.userId }
    : { standing: curatorSummaries.standing, userId: curatorSummaries.userId };
  if (shape.genre) conditions.push(sql`${curatorTags.tag} = ${bound(values.genre)}::text`);
  if (shape.after)
    conditions.push(
      sql`(${order.standing}, ${order.userId}) < (${bound(values.afterScore)}::float8, ${bound(values.afterId)}::uuid)`,
    );
  if (shape.minFit) conditions.push(sql`${order.standing} >= ${bound(values.minFit)}::float8`);
  if (matchesAny(shape))
    conditions.push(
      sql`${order.userId} <> all(array(select top.user_id from ${topPerArtist(shape, values)}))`,
    );
  const query = db
    .select(partnerColumns)
    .from(curatorSummaries)
    .innerJoin(users, eq(users.id, curatorSummaries.userId))
    .$dynamic();
  if (shape.genre) query.innerJoin(curatorTags, eq(curatorTags.userId, curatorSummaries.userId));
  return query
    .where(and(...conditions))
    .orderBy(sql`${order.standing} desc nulls last`, sql`${order.userId} desc nulls last`)
    .limit(values.limit as number);
}

/**
 * The curators sharing at least one of the viewer's artists (topPerArtist), scored in SQL
 * with fitScore's arithmetic, best fit first after the cursor, at most `limit`: the scoring
 * and ordering happen on the grouped ids and the curator's standing copy in curator_artists,
 * and only the rows of the page are joined to summaries and users and leave the database.
 */
export function buildMatched(db: Db, shape: PartnerShape, values: PartnerValues) {
  const grouped = sql`(select top.user_id, sum(top.artist)::int as shared,
      sum(top.tag)::int as tags, max(top.standing) as standing
      from ${topPerArtist(shape, values)} group by top.user_id) as grouped`;
  // fitScore: min(FIT_SCORE_MAX, tenth(overlapPoints(shared, tags) + standing)); Math.round
  // is floor(x + 0.5).
  const score = sql`least(${FIT_SCORE_MAX}::float8, floor(((${sql.param(OVERLAP_POINTS_TABLE)}::float8[])[${UNITS_PER_ARTIST} * grouped.shared + grouped.tags] + grouped.standing) * 10 + 0.5) / 10)`;
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
      tags: sql<number>`s.tags`.as('tags'),
      score: sql<number>`s.score`.as('score'),
    })
    .from(
      sql`(select grouped.user_id, grouped.shared, grouped.tags, ${score} as score from ${grouped}) as s`,
    )
    .where(scoredConditions.length > 0 ? and(...scoredConditions) : undefined)
    .orderBy(sql`s.score desc`, sql`s.user_id desc`)
    .as('scored');
  const conditions = partnerConditions(shape, values);
  // A probe of curator_tags' primary key per scored curator (at most a thousand).
  if (shape.genre)
    conditions.push(
      sql`exists (select 1 from ${curatorTags} where ${curatorTags.userId} = ${scored.userId} and ${curatorTags.tag} = ${bound(values.genre)}::text)`,
    );
  return db
    .select({ ...partnerColumns, shared: scored.shared, tags: scored.tags, score: scored.score })
    .from(scored)
    .innerJoin(curatorSummaries, eq(curatorSummaries.userId, scored.userId))
    .innerJoin(users, eq(users.id, scored.userId))
    .where(and(...conditions))
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
  tagIds: readonly string[] = [],
) {
  const shape = shapeOf(filters, after, artistKeys, tagIds);
  return buildByStanding(db, shape, valuesOf(viewerId, filters, after, artistKeys, limit, tagIds));
}

/** The matched read with its values in place (plan tests and the benchmark explain it). */
export function matchedQuery(
  db: Db,
  viewerId: string,
  filters: PartnerFilters,
  artistKeys: readonly string[],
  after: FitCursor | null = null,
  limit = VIEWER_ARTISTS_MAX * PER_ARTIST_MAX,
  tagIds: readonly string[] = [],
) {
  const shape = shapeOf(filters, after, artistKeys, tagIds);
  return buildMatched(db, shape, valuesOf(viewerId, filters, after, artistKeys, limit, tagIds));
}

/** One flag per condition, e.g. "010001": the cache key and the statements' names. */
function shapeKey(shape: PartnerShape): string {
  return Object.values(shape)
    .map((on) => (on ? '1' : '0'))
    .join('');
}

function preparePartnerQueries(db: Db, shape: PartnerShape, key: string) {
  return {
    byStanding: buildByStanding(db, shape, PLACEHOLDERS).prepare(`discovery_standing_${key}`),
    matched: buildMatched(db, shape, PLACEHOLDERS).prepare(`discovery_matched_${key}`),
  };
}

/** The two reads of each shape, prepared once per database. */
const preparedByDb = new WeakMap<Db, Map<string, ReturnType<typeof preparePartnerQueries>>>();

export function preparedPartnerQueries(db: Db, shape: PartnerShape) {
  let byShape = preparedByDb.get(db);
  if (!byShape) {
    byShape = new Map();
    preparedByDb.set(db, byShape);
  }
  const key = shapeKey(shape);
  let prepared = byShape.get(key);
  if (!prepared) {
    prepared = preparePartnerQueries(db, shape, key);
    byShape.set(key, prepared);
  }
  return prepared;
}
