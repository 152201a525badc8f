import type { OutputOf } from '../../../../common/api/contract';
import type { messengerActions } from '../../../../common/api/messenger/actions';
import type { CarriedAnswersHold } from '../../shared/api/carriedAnswers';
import { conversationsPageShown } from './messengerApi';

/** Messenger's page rendered on the server: its conversations' first page, with the badge's count. */
export const carriedConversations: CarriedAnswersHold = {
  async put(store, reads) {
    const { answer } = reads.one('/api/messenger/conversations');
    await store.dispatch(
      conversationsPageShown(answer as OutputOf<typeof messengerActions.listConversations>),
    );
  },
};
