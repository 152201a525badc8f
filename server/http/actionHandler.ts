import type { z } from 'zod';
import type { ActionContract, ActionIdOf } from '../../common/api/contract.js';
import type { allContracts } from '../../common/api/contracts.js';
import type { AppContext } from '../appContext.js';
import type { ClientInfo, SessionJoined, UserRow } from '../identity/index.js';

/** The caller of an action as the handler sees it. */
export interface ActionCall<Input, Caller extends UserRow | null> {
  input: Input;
  user: Caller;
  sessionId: Caller extends UserRow ? string : string | null;
  client: ClientInfo;
  /** Starts a new session for the user and sets its cookie, ending the one presented (rotation). */
  startSession(userId: string): Promise<void>;
  /** Ends the session presented with this request and clears its cookie. */
  endCurrentSession(): Promise<void>;
}

export type ActionHandler<C extends ActionContract> = (
  call: ActionCall<z.output<C['input']>, C['access'] extends 'user' ? UserRow : UserRow | null>,
  context: AppContext,
) => Promise<z.input<C['output']>>;

type DeclaredAction = (typeof allContracts)[number];

/** One handler for every declared action, keyed by id; the compiler checks none is missing. */
export type ActionHandlers = {
  [C in DeclaredAction as ActionIdOf<C>]: ActionHandler<C>;
};

/** The handlers of one area, typed against that area's contracts (common/api/contracts.ts). */
export type AreaHandlers<Contracts extends Record<string, ActionContract>> = {
  [C in Contracts[keyof Contracts] as ActionIdOf<C>]: ActionHandler<C>;
};

/** The caller of an action whose read is joined to the session lookup (sessionJoined). */
export interface JoinedCall<Input> {
  input: Input;
  client: ClientInfo;
  /**
   * Runs the action's read joined to the lookup of the presented session (one statement) and
   * answers its user, session and rows; 401 UNAUTHENTICATED when it names no live session.
   */
  read<Found extends Omit<SessionJoined<unknown>, 'rows'>>(
    run: (token: string, now: Date) => Promise<Found | null>,
  ): Promise<Found>;
}

export type JoinedHandler<C extends ActionContract> = (
  call: JoinedCall<z.output<C['input']>>,
  context: AppContext,
) => Promise<z.input<C['output']>>;

const JOINED_HANDLER = Symbol('joinedHandler');

/**
 * A signed-in action whose session check is its read's: registerActions does not look the
 * session up first, the handler's one statement does (identity's joinSession). Answers as any
 * handler does for a caller without a live session (401) and for refused input (400 after the
 * session check).
 */
export function sessionJoined<C extends ActionContract & { access: 'user' }>(
  handler: JoinedHandler<C>,
): ActionHandler<C> {
  const asPlain: ActionHandler<C> = () => {
    throw new Error('A session-joined handler runs through registerActions.');
  };
  return Object.assign(asPlain, { [JOINED_HANDLER]: handler });
}

/** The joined form of a handler made with sessionJoined, if it is one. */
export function joinedHandlerOf<C extends ActionContract>(
  handler: ActionHandler<C>,
): JoinedHandler<C> | undefined {
  return (handler as { [JOINED_HANDLER]?: JoinedHandler<C> })[JOINED_HANDLER];
}
