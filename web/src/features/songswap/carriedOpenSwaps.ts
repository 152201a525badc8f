import type { InputOf, OutputOf } from '../../../../common/api/contract';
import type { tradesActions } from '../../../../common/api/trades/actions';
import type { CarriedAnswersHold } from '../../shared/api/carriedAnswers';
import { tradeListsOf } from './tradeTransitions';
import { tradesApi } from './tradesApi';
import { openSwapsCarried } from './tradesUiSlice';

/**
 * Song Swaps' page rendered on the server: the open buckets' first pages, in the trades/all
 * cache entry of those statuses, as the query's own transform makes it from an answer. They are
 * the fresh read of arriving on the page (openSwapsCarried), so the screen does not read them
 * again when it mounts.
 */
export const carriedOpenSwaps: CarriedAnswersHold = {
  async put(store, reads) {
    const { body, answer } = reads.one('/api/trades/all');
    const { statuses } = body as InputOf<typeof tradesActions.all>;
    const { trades, nextCursors, songs } = answer as OutputOf<typeof tradesActions.all>;
    await store.dispatch(
      tradesApi.util.upsertQueryData(
        'trades',
        { statuses },
        tradeListsOf(statuses, trades, nextCursors, songs),
      ),
    );
    store.dispatch(openSwapsCarried());
  },
};
