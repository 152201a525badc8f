/**
 * The schedule (docs/schedule.md): the curator's swap starts and ends and scheduled track
 * removals by UTC day, from today on, in keyset pages ordered by (day, kind, id). Each source
 * is read in that order from its own index range (a swap side's start or end day, a playlist's
 * removal days) and limited to a page, then the ranges are merged and limited again. Swaps
 * with a partner who blocked the curator are left out, as every list leaves out a blocker.
 */
import { sql, type SQL } from 'drizzle-orm';
import { SCHEDULE_PARTNERS_MAX } from '../../../common/api/home/limits.js';
import {
  SCHEDULE_KINDS,
  type ScheduleEntry,
  type ScheduleKind,
} from '../../../common/api/home/schemas.js';
import type { Db } from '../../db/client.js';
import { ApiError, validationFailed } from '../../lib/apiError.js';
import { decodeKeyset, encodeKeyset, UUID_TEXT } from '../../lib/keysetCursor.js';

export interface ScheduleQuery {
  userId: string;
  /** Today (yyyy-MM-dd, UTC): nothing earlier is listed. */
  today: string;
  limit: number;
  cursor?: string | undefined;
  playlistId?: string | undefined;
  partnerId?: string | undefined;
}

interface Choice {
  id: string;
  name: string;
}

export interface SchedulePage {
  entries: ScheduleEntry[];
  nextCursor: string | null;
  filters: { playlists: Choice[]; partners: Choice[] };
}

interface Position {
  day: string;
  kind: ScheduleKind;
  id: string;
}

const DAY_TEXT = /^[1-9]\d{3}-\d\d-\d\d$/;
const KIND_TEXT = new RegExp(`^(${SCHEDULE_KINDS.join('|')})$`);

function decodePosition(cursor: string): Position {
  const [day, kind, id] = decodeKeyset(cursor, [DAY_TEXT, KIND_TEXT, UUID_TEXT]);
  const date = new Date(`${day!}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day)
    throw validationFailed({ cursor: 'Not a cursor from a previous page; load the list again.' });
  return { day: day!, kind: kind as ScheduleKind, id: id! };
}

/**
 * The rows of one source (all of kind `kind`) that come after `after` in (day, kind, id)
 * order, as a condition on its (day, id) index columns.
 */
function afterPosition(kind: ScheduleKind, day: SQL, id: SQL, after: Position | undefined): SQL {
  if (!after) return sql`true`;
  if (kind > after.kind) return sql`${day} >= ${after.day}::date`;
  if (kind < after.kind) return sql`${day} > ${after.day}::date`;
  return sql`(${day}, ${id}) > (${after.day}::date, ${after.id}::uuid)`;
}

/** The SQL of one page: every source limited, merged in (day, kind, id) order. */
export function schedulePageQuery(query: ScheduleQuery, after: Position | undefined): SQL {
  const { userId, today, limit, playlistId, partnerId } = query;
  const take = limit + 1;

  const swapSide = (kind: 'swapStart' | 'swapEnd', side: 'one' | 'two') => {
    const column = kind === 'swapStart' ? sql.raw('t.start_date') : sql.raw('t.end_date');
    const day = sql`((${column} at time zone 'UTC')::date)`;
    const me = side === 'one' ? sql.raw('t.trader_one_id') : sql.raw('t.trader_two_id');
    const partner = side === 'one' ? sql.raw('t.trader_two_id') : sql.raw('t.trader_one_id');
    const status =
      kind === 'swapStart'
        ? sql`t.status = 'scheduled'`
        : sql`t.status in ('scheduled', 'accepted')`;
    // The partner filter is compared as text on purpose: the page is then read from the
    // caller's own index range in order, never from the partner's rows.
    return sql`(select ${kind}::text as kind, ${day} as day, t.id, ${partner} as partner_id,
        null::text as title, null::text as detail, null::text as link
      from trades t
      where ${me} = ${userId} and ${status} and ${day} >= ${today}::date
        and ${afterPosition(kind, day, sql.raw('t.id'), after)}
        ${partnerId ? sql`and ${partner}::text = ${partnerId}` : sql``}
        ${
          playlistId
            ? sql`and exists (select 1 from trade_songs ts
                join trade_placements pl on pl.trade_song_id = ts.id
                where ts.trade_id = t.id and pl.playlist_id = ${playlistId})`
            : sql``
        }
        and not exists (select 1 from blocks b
          where b.blocker_id = ${partner} and b.blocked_id = ${userId})
      order by ${day}, t.id
      limit ${take})`;
  };

  // Removals belong to no partner: a partner filter leaves them out.
  const removals = partnerId
    ? sql``
    : sql`union all
      (select 'removal'::text, r.remove_at, r.id, null::uuid, coalesce(r.track_name, r.track_id),
        p.name, '/playlists/' || p.account_id || '/' || p.spotify_id
      from managed_playlists p
      cross join lateral (
        select r.remove_at, r.id, r.track_name, r.track_id
        from track_removal_dates r
        where r.playlist_id = p.id and r.outcome is null and r.remove_at >= ${today}::date
          and ${afterPosition('removal', sql.raw('r.remove_at'), sql.raw('r.id'), after)}
        order by r.remove_at, r.id
        limit ${take}
      ) r
      where p.user_id = ${userId} ${playlistId ? sql`and p.id = ${playlistId}` : sql``})`;

  return sql`
    select e.kind, to_char(e.day, 'YYYY-MM-DD') as day, e.id,
      coalesce(e.title, (select u.name from users u where u.id = e.partner_id), '') as title,
      e.detail, coalesce(e.link, '/songswap/' || e.id) as link
    from (
      select * from (
        ${swapSide('swapEnd', 'one')}
        union all ${swapSide('swapEnd', 'two')}
        union all ${swapSide('swapStart', 'one')}
        union all ${swapSide('swapStart', 'two')}
        ${removals}
      ) merged
      order by day, kind collate "C", id
      limit ${take}
    ) e
    order by e.day, e.kind collate "C", e.id`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** What the filters offer: the caller's managed playlists and the partners of the swaps listed. */
async function filtersOf(db: Db, userId: string): Promise<SchedulePage['filters']> {
  const result = await db.execute(sql`
    select json_build_object(
      'playlists', coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name)
          order by p.name, p.id)
        from managed_playlists p where p.user_id = ${userId}), '[]'::json),
      'partners', coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name)
          order by c.name, c.id)
        from (select u.id, u.name from users u
          where u.id in (
            select t.trader_two_id from trades t
            where t.trader_one_id = ${userId} and t.status in ('scheduled', 'accepted')
            union
            select t.trader_one_id from trades t
            where t.trader_two_id = ${userId} and t.status in ('scheduled', 'accepted'))
          and not exists (select 1 from blocks b
            where b.blocker_id = u.id and b.blocked_id = ${userId})
          order by u.name, u.id
          limit ${SCHEDULE_PARTNERS_MAX}) c), '[]'::json)
    ) as filters`);
  return rowsOf<{ filters: SchedulePage['filters'] }>(result)[0]!.filters;
}

/**
 * One page of the schedule. A playlist filter naming a playlist that is not the caller's
 * answers 404, like an unknown one; a partner filter only narrows (a stranger's id lists none).
 */
export async function readSchedule(db: Db, query: ScheduleQuery): Promise<SchedulePage> {
  const after = query.cursor ? decodePosition(query.cursor) : undefined;
  const filters = await filtersOf(db, query.userId);
  if (query.playlistId && !filters.playlists.some((p) => p.id === query.playlistId))
    throw new ApiError(404, 'NOT_FOUND', 'No such playlist');
  const rows = rowsOf<ScheduleEntry>(await db.execute(schedulePageQuery(query, after)));
  const entries = rows.slice(0, query.limit);
  const last = entries.at(-1);
  const nextCursor =
    rows.length > query.limit && last ? encodeKeyset([last.day, last.kind, last.id]) : null;
  return { entries, nextCursor, filters };
}
