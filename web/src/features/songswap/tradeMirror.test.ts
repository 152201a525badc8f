// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { asSeenBy, BLAKE, buildTrade, ME, mySong, theirSong } from './tradeFixtures';
import { hasUnknownTrader, mirrorTrade, tradeForRecipient } from './tradeMirror';

const meAsTrader = { id: ME, name: 'Ada Lovelace', userProfilePicture: null };

describe('mirroring a trade', () => {
  const trade = buildTrade({}, { mine: [mySong()], theirs: [theirSong(), theirSong()] });

  it('swaps userId and traderId and the two track lists, and keeps the rest', () => {
    const mirrored = mirrorTrade(trade);
    expect(mirrored.userId).toBe(BLAKE.id);
    expect(mirrored.traderId).toBe(ME);
    expect(mirrored.userTracks).toBe(trade.traderTracks);
    expect(mirrored.traderTracks).toBe(trade.userTracks);
    expect(mirrored).toMatchObject({
      traderOneId: trade.traderOneId,
      traderTwoId: trade.traderTwoId,
      TradeSongs: trade.TradeSongs,
      status: trade.status,
    });
    expect(mirrored.trader).toEqual({ id: ME, name: '', userProfilePicture: null });
    expect(hasUnknownTrader(mirrored)).toBe(true);
    expect(hasUnknownTrader(trade)).toBe(false);
  });

  it('mirrors a trade presented for its sender, and keeps one presented for the recipient', () => {
    const sent = asSeenBy(trade, meAsTrader);
    const received = tradeForRecipient(sent, ME);
    expect(received).toMatchObject({ userId: ME, traderId: BLAKE.id });
    expect(received.userTracks).toEqual(trade.userTracks);
    expect(received.traderTracks).toEqual(trade.traderTracks);

    expect(tradeForRecipient(trade, ME)).toBe(trade);
    // Without the recipient's id the spec's rule applies as written.
    expect(tradeForRecipient(sent, undefined).userId).toBe(ME);
  });
});
