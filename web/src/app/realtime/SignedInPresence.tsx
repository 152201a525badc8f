import { useEffect, useMemo } from 'react';
import { ONLINE_STATUS_MAX_IDS } from '../../../../common/api/messenger/limits.js';
import {
  useConversationsQuery,
  useHeartbeatQuery,
  useOnlineStatusQuery,
} from '../../features/messenger/messengerApi';
import { useFriendRequestsReceivedCountQuery } from '../../features/network/friendRequestsBadge';
import {
  selectBadgeCountLoaded,
  useConversationsWithUnreadCountQuery,
} from '../../features/messenger/messengerBadge';
import { partnerIdsOf } from '../../features/messenger/messengerTransitions';
import { connectRealtime } from '../../shared/realtime/connectRealtime';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import { useAppDispatch, useAppSelector, useAppStore } from '../../shared/state/hooks';

/** Presence and the online status of known ids every 60 s. */
export const PRESENCE_REFRESH_INTERVAL_MS = 60_000;

/**
 * Presence while a user is signed in (see RealtimePresence.tsx): the realtime channel,
 * messenger/heartbeat every 60 s, the conversations (the sidebar badge counts them, and their
 * partners are the known ids) and online/status for those ids every 60 s (cached 1 s);
 * user:presence events change the online map in between. Unmounting closes the channel.
 */
export function SignedInPresence({ userId }: { userId: string }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { messenger: messengerEnabled } = useAppSelector(selectFeatureFlags);

  useEffect(() => {
    const connection = connectRealtime({ dispatch, getState: store.getState, userId });
    return () => connection.close();
  }, [dispatch, store, userId]);

  // The sidebar's Discovery badge: received friend requests, kept live by pushes.
  useFriendRequestsReceivedCountQuery();
  useHeartbeatQuery(undefined, { pollingInterval: PRESENCE_REFRESH_INTERVAL_MS });
  const { data: conversations } = useConversationsQuery(undefined, { skip: !messengerEnabled });
  // The sidebar's Messenger badge: conversations with unread messages, kept live by pushes.
  // Its count comes with the conversations' first page; held once it is in, never asked twice.
  const badgeCountLoaded = useAppSelector(selectBadgeCountLoaded);
  useConversationsWithUnreadCountQuery(undefined, {
    skip: !messengerEnabled || !badgeCountLoaded,
  });
  // The partners, sorted: a stable argument for the cached online/status query.
  const partners = partnerIdsOf(conversations).slice(0, ONLINE_STATUS_MAX_IDS).join();
  const ids = useMemo(() => (partners ? partners.split(',') : []), [partners]);
  useOnlineStatusQuery(
    { ids },
    { skip: ids.length === 0, pollingInterval: PRESENCE_REFRESH_INTERVAL_MS },
  );
  return null;
}
