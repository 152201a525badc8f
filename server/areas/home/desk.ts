/**
 * Home's desk (docs/home.md): what needs the curator, what is coming up and their playlists,
 * read in one statement. Swaps with a partner who blocked the curator are left out, as every
 * list leaves out a curator who blocked the viewer (db/blockVisibility.ts).
 */
import { sql } from 'drizzle-orm';
import {
  COMING_UP_DAYS,
  COMING_UP_MAX,
  DESK_PLAYLISTS_MAX,
  FOLLOWER_WINDOW_DAYS,
} from '../../../common/api/home/limits.js';
import type { ComingUp, DeskPlaylist, DeskTodo } from '../../../common/api/home/schemas.js';
import type { CustomerPlan } from '../../../common/domain/plans.js';
import type { Db } from '../../db/client.js';

/** How long after an invitation was accepted Home still names the new friend (days). */
export const INVITATION_NEWS_DAYS = 14;

export interface Desk {
  todo: DeskTodo;
  plan: { plan: CustomerPlan; trialEndsAt: string | null };
  comingUp: ComingUp[];
  playlists: DeskPlaylist[];
}

interface DeskRow {
  desk: {
    todo: DeskTodo;
    plan: CustomerPlan;
    trial_ends_at: string | null;
    coming_up: ComingUp[] | null;
    playlists: DeskPlaylist[] | null;
  } | null;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysAfter = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** The desk of `userId` as of `now`; null when the user does not exist. */
export async function readDesk(db: Db, userId: string, now: Date): Promise<Desk | null> {
  const today = dayOf(now);
  const lastDay = dayOf(daysAfter(now, COMING_UP_DAYS - 1));
  const windowEnd = daysAfter(new Date(`${lastDay}T00:00:00Z`), 1).toISOString();
  const firstChartDay = dayOf(daysAfter(now, -FOLLOWER_WINDOW_DAYS));
  const newsSince = daysAfter(now, -INVITATION_NEWS_DAYS).toISOString();
  const nowText = now.toISOString();
  const result = await db.execute(sql`
    with mine as (
      select t.id, t.status, t.start_date, t.end_date,
        case when t.trader_one_id = ${userId} then t.trader_one_accepted
          else t.trader_two_accepted end as i_accepted,
        case when t.trader_one_id = ${userId} then t.trader_two_id
          else t.trader_one_id end as partner_id
      from trades t
      where t.trader_one_id = ${userId} and t.status in ('pending', 'scheduled', 'accepted')
      union all
      select t.id, t.status, t.start_date, t.end_date, t.trader_two_accepted, t.trader_one_id
      from trades t
      where t.trader_two_id = ${userId} and t.status in ('pending', 'scheduled', 'accepted')
    ),
    open_swaps as (
      select m.*, u.name as partner_name from mine m join users u on u.id = m.partner_id
      where not exists (
        select 1 from blocks b where b.blocker_id = m.partner_id and b.blocked_id = ${userId}
      )
    ),
    coming as (
      select 'swapStart' as kind, to_char(s.start_date at time zone 'UTC', 'YYYY-MM-DD') as day,
        s.partner_name as title, null::text as detail, '/songswap/' || s.id as link
      from open_swaps s
      where s.status = 'scheduled' and s.start_date >= ${nowText}::timestamptz
        and s.start_date < ${windowEnd}::timestamptz
      union all
      select 'swapEnd', to_char(s.end_date at time zone 'UTC', 'YYYY-MM-DD'), s.partner_name,
        null, '/songswap/' || s.id
      from open_swaps s
      where s.status in ('scheduled', 'accepted') and s.end_date >= ${nowText}::timestamptz
        and s.end_date < ${windowEnd}::timestamptz
      union all
      select 'removal', to_char(r.remove_at, 'YYYY-MM-DD'), coalesce(r.track_name, r.track_id),
        p.name, '/playlists/' || p.account_id || '/' || p.spotify_id
      from managed_playlists p join track_removal_dates r on r.playlist_id = p.id
      where p.user_id = ${userId} and r.outcome is null
        and r.remove_at between ${today}::date and ${lastDay}::date
      union all
      select 'release', to_char(c.upcoming_release_date, 'YYYY-MM-DD'),
        coalesce(c.upcoming_title, c.track ->> 'name', 'A song'), null, '/catalog'
      from catalog_songs c
      where c.user_id = ${userId} and c.spotify_track_id is null
        and c.upcoming_release_date between ${today}::date and ${lastDay}::date
    ),
    desk_playlists as (
      select p.id, p.spotify_id, p.name, p.followers,
        (select coalesce(json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
            'followers', d.followers) order by d.day), '[]'::json)
          from playlist_daily_stats d
          where d.playlist_id = p.id and d.day >= ${firstChartDay}::date
            and d.followers is not null) as series,
        (select d.followers from playlist_daily_stats d
          where d.playlist_id = p.id and d.day >= ${firstChartDay}::date
            and d.followers is not null
          order by d.day limit 1) as first_followers
      from managed_playlists p
      where p.user_id = ${userId}
      order by p.name, p.id
      limit ${DESK_PLAYLISTS_MAX}
    )
    select json_build_object(
      'todo', json_build_object(
        'songsToApprove', (select count(*) from open_swaps s join trade_songs ts on ts.trade_id = s.id
          where ts.owner_id <> ${userId} and ts.approved = 0)::int,
        'swapsToAccept', (select count(*) from open_swaps s
          where s.status = 'pending' and not s.i_accepted)::int,
        'songsToPlace', (select count(*) from open_swaps s join trade_songs ts on ts.trade_id = s.id
          where s.status = 'accepted' and ts.owner_id <> ${userId} and ts.approved = 1
            and not exists (select 1 from trade_placements pl where pl.trade_song_id = ts.id))::int,
        'unreadConversations', u.conversations_with_unread,
        'friendRequests', (select count(*) from friend_requests f
          where f.receiver_id = ${userId} and not exists (
            select 1 from blocks b where b.blocker_id = f.sender_id and b.blocked_id = ${userId}))::int,
        'invitationsAccepted', (select count(*) from invitations i
          where i.inviter_id = ${userId} and i.accepted_at >= ${newsSince}::timestamptz)::int,
        'removedEarly', (select count(*) from open_swaps s join trade_songs ts on ts.trade_id = s.id
          join trade_placements pl on pl.trade_song_id = ts.id
          where s.status = 'accepted' and ts.owner_id = ${userId}
            and pl.early_removal_notified_at is not null)::int
      ),
      'plan', u.plan,
      'trial_ends_at', case when u.plan = 'trial' then u.trial_ends_at end,
      'coming_up', (select json_agg(json_build_object('kind', c.kind, 'day', c.day,
          'title', c.title, 'detail', c.detail, 'link', c.link) order by c.day, c.kind, c.title)
        from (select * from coming order by day, kind, title limit ${COMING_UP_MAX}) c),
      'playlists', (select json_agg(json_build_object('id', p.id, 'spotifyId', p.spotify_id,
          'name', p.name, 'followers', p.followers, 'series', p.series,
          'change', case when p.followers is null or p.first_followers is null then null
            else p.followers - p.first_followers end) order by p.name, p.id)
        from desk_playlists p)
    ) as desk
    from users u where u.id = ${userId}
  `);
  const row = (result as unknown as { rows: DeskRow[] }).rows[0];
  const desk = row?.desk;
  if (!desk) return null;
  const trialEndsAt = desk.trial_ends_at ? new Date(desk.trial_ends_at).toISOString() : null;
  return {
    todo: desk.todo,
    plan: { plan: desk.plan, trialEndsAt },
    comingUp: desk.coming_up ?? [],
    playlists: desk.playlists ?? [],
  };
}
