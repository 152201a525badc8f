/**
 * The network feature's entry: what Discovery and the invitation page use of it. The users
 * area's calls (server data in the cache), a curator's profile, the request buttons and the
 * fit's explanation.
 */
export { CuratorProfile } from './components/CuratorProfile';
export { CuratorAvatar } from './components/CuratorAvatar';
export type { NetworkArrivalState } from './NetworkScreen';
export { FitMeter, FitReasons } from './components/FitReasons';
export { partnerRelation, RequestButtons } from './components/RequestButtons';
export {
  requestsArg,
  useAcceptInvitationMutation,
  useFriendRequestsInfiniteQuery,
  useInvitationQuery,
  usePotentialPartnersInfiniteQuery,
  usePublicProfileQuery,
} from './networkApi';
