import type { z } from 'zod';

/** Who may call an action: anyone, or only a signed-in user. */
export type Access = 'public' | 'user';

/** Rate-limit families the server applies to an action (see server/http/rateLimits.ts). */
export type RateLimitFamily =
  'signin' | 'signup' | 'forgot' | 'reset' | 'verify' | 'resend' | 'errorReport';

/**
 * One API action, declared once: the server registers POST /api/{area}/{action} from it,
 * the client types its calls from it, and the tests enumerate it.
 */
export interface ActionContract<
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
  Area extends string = string,
  Action extends string = string,
  Acc extends Access = Access,
> {
  area: Area;
  action: Action;
  access: Acc;
  input: Input;
  output: Output;
  rateLimit?: RateLimitFamily;
  summary: string;
}

export function defineAction<
  Input extends z.ZodType,
  Output extends z.ZodType,
  const Area extends string,
  const Action extends string,
  const Acc extends Access,
>(
  contract: ActionContract<Input, Output, Area, Action, Acc>,
): ActionContract<Input, Output, Area, Action, Acc> {
  return contract;
}

/** What a caller sends to an action. */
export type InputOf<C> = C extends { input: infer I extends z.ZodType } ? z.input<I> : never;
/** What an action answers. */
export type OutputOf<C> = C extends { output: infer O extends z.ZodType } ? z.output<O> : never;
/** An action's id, e.g. 'auth/signin'. */
export type ActionIdOf<C> = C extends {
  area: infer A extends string;
  action: infer N extends string;
}
  ? `${A}/${N}`
  : never;

/** The URL path of an action, e.g. /api/auth/signin. */
export function actionPath(contract: Pick<ActionContract, 'area' | 'action'>): string {
  return `/api/${contract.area}/${contract.action}`;
}

/** A stable id for an action, e.g. auth/signin. */
export function actionId(contract: Pick<ActionContract, 'area' | 'action'>): string {
  return `${contract.area}/${contract.action}`;
}
