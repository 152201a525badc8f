import { useEffect, useMemo } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { ONLINE_STATUS_MAX_IDS } from '../../features/messenger/messengerActionRefs';
import {
  useConversationsQuery,
  useHeartbeatQuery,
  useOnlineStatusQuery,
} from '../../features/messenger/messengerApi';
import { selectConversationPartnerIds } from '../../features/messenger/messengerSlice';
import { connectRealtime } from '../../shared/realtime/connectRealtime';
import { selectFeatureFlags } from '../../shared/state/appSlice';
import type { RootState } from '../rootReducer';

/** Spec section 7, Periodic: presence and the online status of known ids every 60 s. */
export const PRESENCE_REFRESH_INTERVAL_MS = 60_000;

/**
 * Presence while a user is signed in (see RealtimePresence.tsx): the realtime channel,
 * messenger/heartbeat every 60 s, the conversations (the sidebar badge counts them, and their
 * partners are the known ids) and online/status for those ids every 60 s (cached 1 s);
 * user:presence events change the online map in between. Unmounting closes the channel.
 */
export function SignedInPresence({ userId }: { userId: string }) {
  const dispatch = useDispatch();
  const store = useStore<RootState>();
  const { messenger: messengerEnabled } = useSelector(selectFeatureFlags);

  useEffect(() => {
    const connection = connectRealtime({ dispatch, getState: store.getState, userId });
    return () => connection.close();
  }, [dispatch, store, userId]);

  useHeartbeatQuery(undefined, { pollingInterval: PRESENCE_REFRESH_INTERVAL_MS });
  useConversationsQuery(undefined, { skip: !messengerEnabled });
  const partnerIds = useSelector(selectConversationPartnerIds);
  const ids = useMemo(() => partnerIds.slice(0, ONLINE_STATUS_MAX_IDS), [partnerIds]);
  useOnlineStatusQuery(
    { ids },
    { skip: ids.length === 0, pollingInterval: PRESENCE_REFRESH_INTERVAL_MS },
  );
  return null;
}
