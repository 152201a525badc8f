import { useParams } from 'react-router';
import { Messenger } from './components/Messenger';

/** /messenger/:conversation: the messenger with that conversation open. */
export function ConversationScreen() {
  const { conversation } = useParams();
  return <Messenger conversationId={conversation ?? null} />;
}
