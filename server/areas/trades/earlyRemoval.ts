import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../appContext.js';
import { tradePlacements } from '../../db/schema.js';
import { sendSystemMessage } from '../messenger/index.js';
import { notifyPlacementRemovedEarly } from '../notifications/index.js';
import type { SongRow } from '../songs/index.js';
import type { PlacementRow, TradeRow, TradeSongRow } from './data.js';
import { dayOf } from './rules.js';

const songLabel = (song: SongRow) => {
  const title = song.track?.name ?? song.upcomingTitle ?? 'A song';
  const artists = song.track
    ? song.track.artists.map((artist) => artist.name)
    : (song.upcomingArtists ?? []);
  return artists.length > 0 ? `“${title}” by ${artists.join(', ')}` : `“${title}”`;
};

export function earlyRemovalText(
  song: SongRow,
  placement: Pick<PlacementRow, 'playlistName'>,
  trade: Pick<TradeRow, 'endDate'>,
  noticedOn: Date,
): string {
  const end = trade.endDate ? dayOf(trade.endDate) : 'the end of the swap';
  return (
    `Song swap: ${songLabel(song)} is no longer in the playlist “${placement.playlistName}” ` +
    `(noticed ${dayOf(noticedOn)}), though the swap runs until ${end}.`
  );
}

/**
 * Tells the song's owner, once per placement, that it left the playlist before the swap
 * ended: a system message in the two traders' conversation (started if need be). The
 * placement is claimed first (a conditional update), so two runs never send it twice.
 */
export async function notifyEarlyRemoval(
  context: AppContext,
  trade: TradeRow,
  tradeSong: TradeSongRow,
  song: SongRow,
  placement: PlacementRow,
  now: Date,
): Promise<boolean> {
  const [claimed] = await context.db
    .update(tradePlacements)
    .set({ earlyRemovalNotifiedAt: now })
    .where(
      and(eq(tradePlacements.id, placement.id), isNull(tradePlacements.earlyRemovalNotifiedAt)),
    )
    .returning({ id: tradePlacements.id });
  if (!claimed) return false;
  const placerId = tradeSong.ownerId === trade.traderOneId ? trade.traderTwoId : trade.traderOneId;
  const text = earlyRemovalText(song, placement, trade, now);
  await sendSystemMessage(context, tradeSong.ownerId, placerId, text);
  await notifyPlacementRemovedEarly(context, context.db, {
    tradeId: trade.id,
    ownerId: tradeSong.ownerId,
    detail: text,
  });
  return true;
}
