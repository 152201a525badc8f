import type { TradeOnlyToMePayloads, TradeOnlyToMeType } from '../../../common/api/trades.js';
import type { AppContext } from '../../appContext.js';
import type { TradeBundle } from './data.js';
import { otherTraderOf, presentStatus, presentTrade } from './presenter.js';

/**
 * Pushes a change to the OTHER trader as onlytome {type, request, response}: `request` is
 * what the acting trader sent, `response` what the action answered, presented for the
 * recipient (their userId, their tracks as userTracks; OpenTrade arrives already mirrored).
 */
export function pushToOtherTrader<Type extends TradeOnlyToMeType>(
  context: AppContext,
  trade: { traderOneId: string; traderTwoId: string },
  actorId: string,
  type: Type,
  request: TradeOnlyToMePayloads[Type]['request'],
  responseFor: (viewerId: string) => TradeOnlyToMePayloads[Type]['response'],
): void {
  const recipientId = otherTraderOf(trade, actorId);
  context.realtime.toUser(recipientId, { type, request, response: responseFor(recipientId) });
}

/** A change no trader made (a job started or ended the swap): UpdateTrade to both. */
export function pushUpdateToBoth(context: AppContext, bundle: TradeBundle): void {
  for (const viewerId of [bundle.trade.traderOneId, bundle.trade.traderTwoId]) {
    context.realtime.toUser(viewerId, {
      type: 'UpdateTrade',
      request: { tradeId: bundle.trade.id },
      response: { trade: presentTrade(bundle, viewerId), status: presentStatus(bundle) },
    });
  }
}
