import type { Relation } from '../../../../common/api/users/schemas.js';

/** What a curator's profile offers, by how the user stands with them. */
export type ProfileAction =
  | 'sendRequest'
  | 'cancelRequest'
  | 'acceptRequest'
  | 'rejectRequest'
  | 'removeFriend'
  | 'message'
  | 'openSwap'
  | 'block'
  | 'unblock';

const ACTIONS: Record<Relation, readonly ProfileAction[]> = {
  self: [],
  friend: ['message', 'openSwap', 'removeFriend', 'block'],
  requestSent: ['cancelRequest', 'message', 'openSwap', 'block'],
  requestReceived: ['acceptRequest', 'rejectRequest', 'message', 'openSwap', 'block'],
  none: ['sendRequest', 'message', 'openSwap', 'block'],
  // Nothing passes between a blocker and the blocked curator until the block is lifted.
  blocked: ['unblock'],
};

/**
 * The actions that fit the relation (Profiles): a request to send, cancel or answer,
 * a friendship to end, a message, a swap, a block. Message and swap only where the feature is
 * on (the messenger flag; swaps always).
 */
export function profileActionsFor(
  relation: Relation,
  { messenger }: { messenger: boolean },
): readonly ProfileAction[] {
  return ACTIONS[relation].filter((action) => action !== 'message' || messenger);
}

/** A short sentence saying how the user stands with the curator, for the profile's header. */
export function relationText(relation: Relation, name: string): string | null {
  switch (relation) {
    case 'friend':
      return `You and ${name} are friends.`;
    case 'requestSent':
      return `You sent ${name} a friend request.`;
    case 'requestReceived':
      return `${name} sent you a friend request.`;
    case 'blocked':
      return `You blocked ${name}. They cannot find you, send you requests, messages or swaps.`;
    default:
      return null;
  }
}
