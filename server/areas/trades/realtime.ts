import type { OnlyToMePayloads, OnlyToMeType } from '../../../common/realtime/events.js';
import type { AppContext } from '../../appContext.js';
import type { TradeBundle } from './bundles.js';
import { otherTraderOf, presentStatus, presentTrade } from './presenter.js';

/** The onlytome types a trader's change is pushed as. */
type TradeOnlyToMeType = Exclude<OnlyToMeType, 'SendMessage'>;

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
  request: OnlyToMePayloads[Type]['request'],
  responseFor: (viewerId: string) => OnlyToMePayloads[Type]['response'],
): void {
  const recipientId = otherTraderOf(trade, actorId);
  // The compiler cannot correlate a generic type with its payload's parts; the signature does.
  const payload = { request, response: responseFor(recipientId) } as OnlyToMePayloads[Type];
  context.realtime.toUser(recipientId, type, payload);
}

/** A change no trader made (a job started or ended the swap): UpdateTrade to both. */
export function pushUpdateToBoth(context: AppContext, bundle: TradeBundle): void {
  for (const viewerId of [bundle.trade.traderOneId, bundle.trade.traderTwoId]) {
    context.realtime.toUser(viewerId, 'UpdateTrade', {
      request: { tradeId: bundle.trade.id },
      response: { trade: presentTrade(bundle, viewerId), status: presentStatus(bundle) },
    });
  }
}
