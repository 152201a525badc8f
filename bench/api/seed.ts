/**
 * The bench's dataset, inserted with set-based SQL (generate_series; one statement per table
 * and curator, never a request per row): rows as the product would leave them, with the
 * maintained columns (conversation counters and order keys, summaries) filled in.
 */
import type pg from 'pg';
import { CONVERSATIONS_PAGE_SIZE, MESSAGES_PAGE_SIZE } from '../../common/api/messenger/limits.js';
import type { BenchSizes } from './sizes.js';

const NOTIFICATIONS = '{"swaps":true,"messages":true,"friendRequests":true}';
/** Songs each ordinary curator has, so that swaps have a song on both sides. */
const SONGS_PER_CURATOR = 5;
const ARTISTS = 20_000;

export interface Seeded {
  heavyId: string;
  heavyEmail: string;
  /** One curator per growth size: its id and the size of each of its lists. */
  growth: { size: number; userId: string }[];
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function insertCurator(
  client: pg.Client,
  name: string,
  email: string,
  passwordHash: string,
): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into users (name, email, password_hash, email_verified_at, plan, trial_ends_at, notifications,
       description, network)
     values ($1, $2, $3, now(), 'pro', now() + interval '14 days', $4, 'Playlists for every mood', 'Bench')
     returning id`,
    [name, email, passwordHash, NOTIFICATIONS],
  );
  return rows[0]!.id;
}

/** Ordinary curators with a few songs each, their summaries and artists (discovery reads them). */
async function seedCurators(client: pg.Client, count: number): Promise<void> {
  await client.query(
    `insert into users (name, email, password_hash, email_verified_at, trial_ends_at, notifications,
       description, network)
     select 'Curator ' || n, 'c' || n || '@bench.test', 'x', now(), now() + interval '14 days', $2,
            'Playlists for every mood', 'Bench'
     from generate_series(1, $1::int) as n`,
    [count, NOTIFICATIONS],
  );
  await client.query(
    `insert into catalog_songs (user_id, spotify_track_id, track, release_sort, status)
     select u.id, 't' || substr(md5(u.id::text || k), 1, 20), ${trackJson('u.id::text || k')},
            '2024-01-01', 'available'
     from users u, generate_series(1, $1::int) as k where u.email like 'c%@bench.test'`,
    [SONGS_PER_CURATOR],
  );
  // Fresh statistics, or the planner takes the new tables for empty (nested loops over them).
  await client.query('analyze users, catalog_songs');
  await client.query(
    `insert into curator_summaries (user_id, visible_playlists, followers, placements_checked,
       placements_honoured, honoured_share, standing, refreshed_at)
     select id, 1 + (random() * 4)::int, f, c, h, case when c = 0 then null else h::float8 / c end,
            round((least(25, 25 * log(1 + f) / 6) + case when c = 0 then 0 else 25 * (h::float8 / c) * c / (c + 4) end)::numeric, 1),
            now()
     from (select id, (power(10, random() * 6))::int as f, c, (c * (0.5 + random() / 2))::int as h
           from (select id, (random() * 30)::int as c from users where email like 'c%@bench.test') s) t`,
  );
  await client.query(
    `insert into curator_artists (user_id, artist_key, artist_name, tracks, standing)
     select distinct on (picks.user_id, k) picks.user_id, 'artist ' || k, 'Artist ' || k, 1 + (random() * 9)::int, s.standing
     from (select id as user_id, least($1::int, floor(exp(random() * ln($1::float8)))::int) as k
           from users, generate_series(1, 20) where email like 'c%@bench.test') picks
     join curator_summaries s on s.user_id = picks.user_id`,
    [ARTISTS],
  );
}

/** A Spotify track view (common/api/spotifyTrack.ts) as jsonb, varied by `seed` (an SQL text). */
function trackJson(seed: string): string {
  return `jsonb_build_object('id', 't' || substr(md5(${seed}), 1, 20), 'uri', 'spotify:track:' || substr(md5(${seed}), 1, 20),
    'name', 'Song ' || substr(md5(${seed}), 1, 6),
    'artists', jsonb_build_array(jsonb_build_object('id', null, 'name', 'Artist ' || (abs(hashtext(${seed})) % ${ARTISTS}))),
    'album', jsonb_build_object('id', null, 'name', 'Album', 'release_date', '2024-01-01', 'imageUrl', null),
    'duration_ms', 180000, 'explicit', false, 'isrc', null, 'preview_url', null, 'external_url', null)`;
}

/** `count` catalogue songs: Spotify tracks released over 20 years, a tenth upcoming releases. */
async function seedSongs(client: pg.Client, userId: string, count: number): Promise<void> {
  await client.query(
    `insert into catalog_songs (user_id, spotify_track_id, track, upcoming_title, upcoming_artists,
       upcoming_release_date, release_sort, status, favourite, created_at)
     select $1::uuid,
            case when n % 10 = 0 then null else 's' || n end,
            case when n % 10 = 0 then null else ${trackJson('$1::text || n')} end,
            case when n % 10 = 0 then 'Upcoming ' || n end,
            case when n % 10 = 0 then jsonb_build_array('Artist ' || (n % ${ARTISTS})) end,
            case when n % 10 = 0 then d end,
            to_char(d, 'YYYY-MM-DD'),
            case when n % 10 = 0 then 'upcoming' else 'available' end,
            n % 17 = 0,
            now() - n * interval '1 second'
     from generate_series(1, $2::int) as n,
          lateral (select date '2005-01-01' + (n::bigint * 7919 % 7300)::int as d) day`,
    [userId, count],
  );
}

/**
 * `count` swaps with the ordinary curators in turn: most completed, some live, a few pending;
 * one song in each, the partner's first.
 */
async function seedSwaps(
  client: pg.Client,
  userId: string,
  count: number,
  curators: number,
): Promise<void> {
  await client.query(
    `with partners as materialized (
       select id, row_number() over (order by id) - 1 as k
       from users where email like 'c%@bench.test'),
     made as (
       insert into trades (trader_one_id, trader_two_id, status, period_days, start_date, end_date,
         trader_one_accepted, trader_two_accepted, completed_at, created_at, updated_at)
       select case when n % 2 = 0 then $1::uuid else p.id end,
              case when n % 2 = 0 then p.id else $1::uuid end,
              s.status, 7,
              case when s.status in ('accepted', 'completed', 'scheduled') then now() - n * interval '1 hour' end,
              case when s.status in ('accepted', 'completed', 'scheduled') then now() - n * interval '1 hour' + interval '7 days' end,
              s.status <> 'pending', s.status <> 'pending',
              case when s.status = 'completed' then now() - n * interval '1 hour' + interval '7 days' end,
              now() - n * interval '1 hour', now() - n * interval '1 hour'
       from generate_series(1, $2::int) as n
       join partners p on p.k = n % $3::int
       cross join lateral (select case when n % 20 = 0 then 'pending' when n % 20 = 1 then 'scheduled'
                                       when n % 20 < 5 then 'accepted' else 'completed' end as status) s
       returning id, trader_one_id, trader_two_id)
     insert into trade_songs (trade_id, song_id, owner_id, approved)
     select made.id, song.id, song.user_id, 1
     from made cross join lateral (
       select id, user_id from catalog_songs
       where user_id = case when made.trader_one_id = $1::uuid then made.trader_two_id else made.trader_one_id end
       limit 1) song`,
    [userId, count, curators],
  );
}

/**
 * `conversations` conversations with distinct ordinary curators holding `messages` messages in
 * all (alternating senders, a minute apart); a third of them have 9 messages unread by `userId`.
 * The maintained columns (last message, counters, order keys) are set as message/send would.
 */
async function seedConversations(
  client: pg.Client,
  userId: string,
  conversations: number,
  messages: number,
): Promise<void> {
  const perConversation = Math.max(1, Math.floor(messages / conversations));
  await client.query(
    `insert into conversations (user_one_id, user_two_id, created_at)
     select least($1::uuid, id), greatest($1::uuid, id), now() - interval '400 days'
     from users where email like 'c%@bench.test' order by id limit $2`,
    [userId, conversations],
  );
  await client.query(
    `insert into messages (conversation_id, user_id, type, content, created_at)
     select c.id, case when m % 2 = 0 then $1::uuid else c.other end, 'user',
            'Message ' || m || ': how did the swap go this week?',
            now() - ((c.k * $2::int + ($2::int - m)) * interval '1 minute')
     from (select id, case when user_one_id = $1::uuid then user_two_id else user_one_id end as other,
                  row_number() over (order by id) as k
           from conversations where user_one_id = $1::uuid or user_two_id = $1::uuid) c,
          generate_series(1, $2::int) as m`,
    [userId, perConversation],
  );
  await client.query('analyze conversations, messages');
  await client.query(
    `with ranked as (
       select m.conversation_id, m.seq, m.created_at, m.content, m.user_id,
              row_number() over (partition by m.conversation_id order by m.seq desc) as back
       from messages m join conversations c on c.id = m.conversation_id
       where c.user_one_id = $1::uuid or c.user_two_id = $1::uuid),
     summary as (
       select conversation_id,
              max(seq) filter (where back = 1) as last_seq,
              max(created_at) filter (where back = 1) as last_at,
              max(content) filter (where back = 1) as last_content,
              (array_agg(user_id) filter (where back = 1))[1] as last_sender,
              max(seq) filter (where back = 10) as mark,
              count(*) filter (where back < 10 and user_id <> $1::uuid) as unread_after_mark
       from ranked group by conversation_id),
     numbered as (select s.*, row_number() over (order by conversation_id) as k from summary s)
     update conversations c set
       last_message_seq = n.last_seq, last_message_at = n.last_at,
       last_message_content = n.last_content, last_message_sender_id = n.last_sender,
       user_one_sort_at = n.last_at, user_two_sort_at = n.last_at,
       user_one_read_seq = case when c.user_one_id = $1::uuid and n.k % 3 = 0 and n.mark is not null then n.mark else n.last_seq end,
       user_two_read_seq = case when c.user_two_id = $1::uuid and n.k % 3 = 0 and n.mark is not null then n.mark else n.last_seq end,
       user_one_unread = case when c.user_one_id = $1::uuid and n.k % 3 = 0 and n.mark is not null then n.unread_after_mark else 0 end,
       user_two_unread = case when c.user_two_id = $1::uuid and n.k % 3 = 0 and n.mark is not null then n.unread_after_mark else 0 end
     from numbered n where n.conversation_id = c.id`,
    [userId],
  );
}

/** A linked Spotify account and `count` managed playlists of `tracks` tracks each. */
async function seedPlaylists(
  client: pg.Client,
  userId: string,
  count: number,
  tracks: number,
): Promise<void> {
  await client.query(
    `with account as (
       insert into spotify_accounts (user_id, spotify_user_id, access_token_sealed,
         refresh_token_sealed, access_expires_at, scopes, authorized_at)
       values ($1::uuid, 'sp-' || $1, 'x', 'x', now(), '', now()) returning id)
     insert into managed_playlists (user_id, account_id, spotify_id, name, owner_id,
       collaborative, tracks_total, snapshot_id, followers, public)
     select $1::uuid, account.id, 'pl' || p || substr(md5($1::text), 1, 12), 'Playlist ' || p, 'owner', false,
            $2::int, 'snap', p * 100, true
     from account, generate_series(1, $3::int) as p`,
    [userId, tracks, count],
  );
  await client.query(
    `insert into playlist_current_items (playlist_id, position, track_id, since)
     select p.id, n, 's' || ((n * 2 + p.k) % 100000), now() - n * interval '1 minute'
     from (select id, row_number() over (order by name)::int as k
           from managed_playlists where user_id = $1::uuid) p,
          generate_series(0, $2::int - 1) as n`,
    [userId, tracks],
  );
}

/**
 * `count` entries of a curator's activity (sign-ins and sign-outs from a few browsers, now
 * and then a password change), one a minute back from now.
 */
async function seedActivity(client: pg.Client, userId: string, count: number): Promise<void> {
  await client.query(
    `insert into activity_log (user_id, type, ip, user_agent, created_at)
     select $1::uuid,
            case when n % 50 = 0 then 'password change' when n % 2 = 0 then 'logout' else 'login' end,
            '203.0.113.' || (n % 250),
            'Mozilla/5.0 (bench ' || (n % 7) || ')',
            now() - n * interval '1 minute'
     from generate_series(1, $2::int) as n`,
    [userId, count],
  );
}

/**
 * `count` open invitations of a curator, mailed to as many addresses, all still valid: the
 * product's daily limit is not the bench's concern, the list's growth is.
 */
async function seedInvitations(client: pg.Client, userId: string, count: number): Promise<void> {
  await client.query(
    `insert into invitations (inviter_id, token_hash, email, created_at, expires_at)
     select $1::uuid, md5($1::text || n) || md5(n::text), 'invitee' || n || '@bench.test',
            now() - n * interval '1 second', now() + interval '13 days'
     from generate_series(1, $2::int) as n`,
    [userId, count],
  );
}

export async function seed(
  client: pg.Client,
  sizes: BenchSizes,
  heavyPasswordHash: string,
): Promise<Seeded> {
  const heavyEmail = 'heavy@bench.test';
  await timed(`${sizes.curators} curators`, () => seedCurators(client, sizes.curators));
  const heavyId = await insertCurator(client, 'Heavy Curator', heavyEmail, heavyPasswordHash);
  await timed(`heavy: ${sizes.songs} songs`, () => seedSongs(client, heavyId, sizes.songs));
  await client.query('analyze catalog_songs');
  await timed(`heavy: ${sizes.swaps} swaps`, () =>
    seedSwaps(client, heavyId, sizes.swaps, sizes.curators),
  );
  await timed(`heavy: ${sizes.conversations} conversations, ${sizes.messages} messages`, () =>
    seedConversations(client, heavyId, sizes.conversations, sizes.messages),
  );
  await timed(`heavy: ${sizes.playlists} playlists of ${sizes.playlistTracks} tracks`, () =>
    seedPlaylists(client, heavyId, sizes.playlists, sizes.playlistTracks),
  );
  const growth: Seeded['growth'] = [];
  for (const size of sizes.growth) {
    const userId = await insertCurator(client, `Growth ${size}`, `growth${size}@bench.test`, 'x');
    await timed(`growth ${size}: songs, swaps, messages, activity, invitations`, async () => {
      await seedSongs(client, userId, size);
      await seedSwaps(client, userId, size, sizes.curators);
      // size / 100 conversations (at most one per ordinary curator), but never fewer than a
      // page of them with a page of messages each: every size then times full pages.
      const conversations = Math.min(
        sizes.curators,
        Math.max(CONVERSATIONS_PAGE_SIZE, Math.ceil(size / 100)),
      );
      const messages = Math.max(size, conversations * MESSAGES_PAGE_SIZE);
      await seedConversations(client, userId, conversations, messages);
      await seedActivity(client, userId, size);
      await seedInvitations(client, userId, size);
    });
    growth.push({ size, userId });
  }
  await timed('vacuum analyze', () => client.query('vacuum analyze'));
  return { heavyId, heavyEmail, growth };
}
