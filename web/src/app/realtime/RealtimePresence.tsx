import { Suspense } from 'react';
import { selectUser } from '../../features/auth/authSlice';
import { lazyComponent } from '../../shared/lib/lazyLoad';
import { useAppSelector } from '../../shared/state/hooks';

/** Presence's code (and, after it, socket.io-client) loads once a user is known. */
const SignedInPresence = lazyComponent(() => import('./SignedInPresence'), 'SignedInPresence');

/**
 * Presence on every screen (the root layout keeps presence and online status
 * fresh). Once the user is known, SignedInPresence opens the realtime channel, sends
 * messenger/heartbeat every 60 s, loads the conversations and asks the online status of their
 * partners every 60 s. The user's own data is refreshed by the shell (SignedInShell's startup
 * polling), not here. Signing out unmounts it, which closes the channel.
 */
export function RealtimePresence() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <SignedInPresence key={user.id} userId={user.id} />
    </Suspense>
  );
}
