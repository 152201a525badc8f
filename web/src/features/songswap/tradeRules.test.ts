// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildSong } from '../catalog/catalogFixtures';
import { buildCheck, buildTrade, CASEY, mySong, theirSong } from './tradeFixtures';
import { listedTradeOf } from './tradeMirror';
import { checkOutcome, filterTrades, hasAccepted, isFiltering, songsOf } from './tradeRules';
import { NO_TRADE_FILTERS } from './tradesUiSlice';

describe('trade rules', () => {
  it('reads each side’s acceptance whichever trader the viewer is', () => {
    const asOne = buildTrade({ traderOneAccepted: true });
    expect([hasAccepted(asOne, 'user'), hasAccepted(asOne, 'trader')]).toEqual([true, false]);
    const asTwo = buildTrade({ traderOneAccepted: true }, { meFirst: false });
    expect([hasAccepted(asTwo, 'user'), hasAccepted(asTwo, 'trader')]).toEqual([false, true]);
  });

  it('lists a side’s songs in its track list order', () => {
    const trade = buildTrade({}, { mine: [mySong(), mySong()], theirs: [theirSong()] });
    const reordered = { ...trade, userTracks: [...trade.userTracks].reverse() };
    expect(songsOf(reordered, 'user').map((song) => song.id)).toEqual(
      reordered.userTracks.map((track) => track.id),
    );
    expect(songsOf(trade, 'trader').map((song) => song.id)).toEqual([trade.traderTracks[0]!.id]);
  });

  it('tells in place, moved and gone apart', () => {
    expect(
      ['in place', 'moved', 'gone'].map((o) => checkOutcome(buildCheck('2026-06-01', o as 'gone'))),
    ).toEqual(['in place', 'moved', 'gone']);
  });

  it('filters by traders, tracks and performance', () => {
    const song = buildSong();
    const withBlake = buildTrade(
      { streams: 300 },
      { mine: [mySong({ Song: song, songId: song.id })] },
    );
    const withCasey = buildTrade(
      {},
      { trader: CASEY, theirs: [theirSong({ approved: 1 }, CASEY.id)] },
    );
    const trades = [withBlake, withCasey].map(listedTradeOf);
    const ids = (filters: Partial<typeof NO_TRADE_FILTERS>) =>
      filterTrades(trades, { ...NO_TRADE_FILTERS, ...filters }).map((trade) => trade.id);

    expect(ids({})).toEqual([withBlake.id, withCasey.id]);
    expect(ids({ traders: [CASEY.id] })).toEqual([withCasey.id]);
    expect(ids({ tracks: [song.id] })).toEqual([withBlake.id]);
    expect(ids({ performance: 'withStreams' })).toEqual([withBlake.id]);
    expect(ids({ performance: 'withoutStreams' })).toEqual([withCasey.id]);
    expect(ids({ performance: 'awaitingPlacement' })).toEqual([withCasey.id]);
    expect(isFiltering(NO_TRADE_FILTERS)).toBe(false);
    expect(isFiltering({ ...NO_TRADE_FILTERS, traders: [CASEY.id] })).toBe(true);
  });
});
