import type { z } from 'zod';

/** Who may call an action: anyone, or only a signed-in user. */
export type Access = 'public' | 'user';

/** Rate-limit families the server applies to an action (see server/http/rateLimits.ts). */
export type RateLimitFamily =
  | 'signin'
  | 'signup'
  | 'forgot'
  | 'reset'
  | 'verify'
  | 'resend'
  | 'errorReport';

/**
 * One API action, declared once: the server registers POST /api/{area}/{action} from it,
 * the client types its calls from it, and the tests enumerate it.
 */
export interface ActionContract<
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> {
  area: string;
  action: string;
  access: Access;
  input: Input;
  output: Output;
  rateLimit?: RateLimitFamily;
  summary: string;
}

export function defineAction<Input extends z.ZodType, Output extends z.ZodType>(
  contract: ActionContract<Input, Output>,
): ActionContract<Input, Output> {
  return contract;
}

export type InputOf<C> = C extends ActionContract<infer I, z.ZodType> ? z.input<I> : never;
export type OutputOf<C> = C extends ActionContract<z.ZodType, infer O> ? z.output<O> : never;

/** The URL path of an action, e.g. /api/auth/signin. */
export function actionPath(contract: Pick<ActionContract, 'area' | 'action'>): string {
  return `/api/${contract.area}/${contract.action}`;
}

/** A stable id for an action, e.g. auth/signin. */
export function actionId(contract: Pick<ActionContract, 'area' | 'action'>): string {
  return `${contract.area}/${contract.action}`;
}
