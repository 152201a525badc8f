import { useParams } from 'react-router';
import { CuratorProfile } from './components/CuratorProfile';

/** /network/profile/:userId */
export function NetworkProfileScreen() {
  const { userId = '' } = useParams();
  return <CuratorProfile userId={userId} back={{ to: '/network', label: 'My Network' }} />;
}
