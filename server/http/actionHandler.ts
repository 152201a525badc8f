import type { z } from 'zod';
import type { ActionContract, ActionIdOf } from '../../common/api/contract.js';
import type { allContracts } from '../../common/api/contracts.js';
import type { AppContext } from '../appContext.js';
import type { ClientInfo, UserRow } from '../identity/index.js';

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
