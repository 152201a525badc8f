/**
 * The network area's public entry: friends, requests, groups and blocking (docs/network.md).
 * Besides the handlers: what messenger and trades ask before letting two curators meet, and
 * what the areas built on the network (profiles, discovery, invitations) read of it.
 */
export { networkHandlers } from './routes.js';
/** A block either way between two curators: messenger and trades refuse neutrally. */
export { isBlockedBetween } from './relations.js';
/** Friends see each other's presence (messenger). */
export { friendIdsOf } from './relations.js';
/** Where two curators stand to each other, and the requests waiting (profiles, invitations, discovery). */
export {
  areFriends,
  hasBlocked,
  relationOf,
  requestsReceivedCount,
  unknownCurator,
} from './relations.js';
/** Accepting an invitation befriends like an accepted request (invitations). */
export { befriend, lockPair, pushChange } from './friends.js';
/** A curator as every list shows them (name, picture). */
export { presentCurator } from './presenter.js';
