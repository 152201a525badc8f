import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Song } from '../../common/api/songs/schemas.js';
import type { Trade } from '../../common/api/trades/schemas.js';
import type { CustomerPlan } from '../../common/domain/plans.js';
import { seedCatalog } from '../../standins/spotify/seedCatalog.js';
import { users } from '../db/schema.js';
import { post, signedInUser, signInAs, type TestApp } from './harness.js';
import { linkSpotify } from './spotifyLinking.js';

/** Playlists of the stand-in's demo users (docs/spotify.md). */
export const PLAYLISTS = {
  freshFinds: { spotifyUser: 'mara.velden', id: 'W1KJdIulicn0Wys9FcxxGf' }, // 25 tracks
  gymTempo: { spotifyUser: 'theo.okafor', id: 'q0oJhsqXtPaCDQJ1jtOcBG' }, // 60 tracks
  quietRooms: { spotifyUser: 'lena.kowalczyk', id: '74RruAuCOr48IfcQTfVxGj' }, // 22 tracks
  focusFlow: { spotifyUser: 'sol.ortega', id: 'tIGqdsFYuW3IqYXFrdSX0I' }, // 45 tracks
} as const;
export type PlaylistKey = keyof typeof PLAYLISTS;

/** Playable tracks of the stand-in's seeded library, a fresh one per call. */
const playable = [...seedCatalog().tracks.values()].filter((t) => t.isPlayable).map((t) => t.id);
let nextTrack = 0;
export function freshTrackId(): string {
  const id = playable[nextTrack % playable.length]!;
  nextTrack += 1;
  return id;
}

/** A fresh track (as freshTrackId) that the stand-in playlist `playlistId` does not hold. */
function freshTrackIdNotIn(t: TestApp, playlistId: string): string {
  const present = new Set(trackIdsOf(t, playlistId));
  for (let tries = 0; tries < playable.length; tries++) {
    const trackId = freshTrackId();
    if (!present.has(trackId)) return trackId;
  }
  throw new Error(`every playable track is in ${playlistId}`);
}

export type SwapCurator = Awaited<ReturnType<typeof swapCurator>>;

/**
 * A signed-in curator for swaps: on a plan when told, with a Spotify account linked and a
 * playlist managed (visible) when told, so they are a potential trader and can place songs.
 */
export async function swapCurator(
  t: TestApp,
  options: { plan?: CustomerPlan; playlist?: PlaylistKey } = {},
) {
  const user = await signedInUser(t);
  if (options.plan)
    await t.context.db.update(users).set({ plan: options.plan }).where(eq(users.id, user.id));
  const playlist = options.playlist ? PLAYLISTS[options.playlist] : null;
  let accountId: string | null = null;
  if (playlist) {
    accountId = (await linkSpotify(t, user.cookie, playlist.spotifyUser)).id;
    const added = await post(
      t.app,
      '/api/playlists/add',
      { accountId, playlistId: playlist.id },
      { cookie: user.cookie },
    );
    expect(added.statusCode, added.body).toBe(200);
    // Managing never shows a playlist: the curator shows it (a yes for a private one).
    const shown = await post(
      t.app,
      '/api/playlists/visibility',
      { playlistId: playlist.id, visible: true, confirmPrivate: true },
      { cookie: user.cookie },
    );
    expect(shown.statusCode, shown.body).toBe(200);
  }
  const session = { cookie: user.cookie };
  const call = (action: string, body: object = {}) =>
    post(t.app, `/api/trades/${action}`, body, { cookie: session.cookie });
  /** A new session, e.g. after the clock moved past the idle lifetime (7 days). */
  const signInAgain = async () => {
    session.cookie = await signInAs(t, user);
  };
  /** A Spotify track in this curator's catalogue (needs a linked account). */
  const song = async (trackId = freshTrackId()) => {
    const response = await post(
      t.app,
      '/api/songs/addtocatalog',
      { track: trackId },
      { cookie: session.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().song as Song;
  };
  /** An upcoming (pre-release) song in this curator's catalogue. */
  const upcoming = async () => {
    const releaseDate = new Date(t.clock.now().getTime() + 30 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const response = await post(
      t.app,
      '/api/songs/upcoming-release',
      { title: 'Not Out Yet', artists: ['Someone New'], releaseDate },
      { cookie: session.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().song as Song;
  };
  return {
    ...user,
    get cookie() {
      return session.cookie;
    },
    accountId,
    playlistId: playlist?.id ?? null,
    call,
    signInAgain,
    song,
    upcoming,
  };
}

/** Opens a swap through the API and answers it as the opener sees it. */
export async function openSwap(
  opener: SwapCurator,
  trader: SwapCurator,
  body: { periodDays?: number; startDate?: string; songIds?: string[] } = {},
): Promise<Trade> {
  const response = await opener.call('open', {
    traderId: trader.id,
    periodDays: body.periodDays ?? 14,
    ...(body.startDate ? { startDate: body.startDate } : {}),
    songIds: body.songIds ?? [],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().trade as Trade;
}

/**
 * Two traders with a song each in a fresh pending swap: `one` (mara.velden, Fresh Finds
 * Weekly) opened it with `two` (theo.okafor, Gym Tempo).
 */
export async function pendingSwap(t: TestApp, options: { periodDays?: number } = {}) {
  const one = await swapCurator(t, { playlist: 'freshFinds' });
  const two = await swapCurator(t, { playlist: 'gymTempo' });
  // Each song is new to the playlist it is to be placed in: the track counter runs on across
  // the test files of a process (they share modules), so any track may come up.
  const oneSong = await one.song(freshTrackIdNotIn(t, PLAYLISTS.gymTempo.id));
  const twoSong = await two.song(freshTrackIdNotIn(t, PLAYLISTS.freshFinds.id));
  const trade = await openSwap(one, two, {
    songIds: [oneSong.id, twoSong.id],
    ...(options.periodDays ? { periodDays: options.periodDays } : {}),
  });
  const tradeSongOf = (songId: string) => trade.TradeSongs.find((s) => s.songId === songId)!.id;
  return {
    one,
    two,
    trade,
    oneSong,
    twoSong,
    /** one's song, placed by two */
    oneTradeSongId: tradeSongOf(oneSong.id),
    /** two's song, placed by one */
    twoTradeSongId: tradeSongOf(twoSong.id),
  };
}

/** Both approve the other's song and accept: the swap is accepted (started now). */
export async function acceptedSwap(t: TestApp, options: { periodDays?: number } = {}) {
  const swap = await pendingSwap(t, options);
  const { one, two, trade } = swap;
  for (const [who, tradeSongId] of [
    [two, swap.oneTradeSongId],
    [one, swap.twoTradeSongId],
  ] as const) {
    const decided = await who.call('acceptrejectsong', {
      tradeId: trade.id,
      tradeSongId,
      approved: 1,
    });
    expect(decided.statusCode, decided.body).toBe(200);
  }
  for (const who of [one, two]) {
    const accepted = await who.call('accept', { tradeId: trade.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  return swap;
}

/** The track ids of a stand-in playlist, in order. */
export const trackIdsOf = (t: TestApp, playlistId: string) =>
  t.spotify.control.playlistItems(playlistId).map((item) => item.trackId);
