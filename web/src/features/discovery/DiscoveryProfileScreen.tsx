import { useParams } from 'react-router';
import { CuratorProfile } from '../network';

/** /discovery/profile/:userId */
export function DiscoveryProfileScreen() {
  const { userId = '' } = useParams();
  return <CuratorProfile userId={userId} back={{ to: '/discovery', label: 'Discovery' }} />;
}
