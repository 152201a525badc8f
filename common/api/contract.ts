import type { z } from 'zod';

/**
 * How an API action is declared. Each area has three files:
 *
 * - `<area>/actions.ts`, the action table: area, action, access and rate-limit family (with what
 *   the action does as its doc comment), with the TypeScript types of input and output. It
 *   imports zod only as types, so the client loads it at run time (paths come from here, never
 *   repeated).
 * - `<area>/schemas.ts`, the zod schemas of each action's input and output, under the same
 *   names as the table's keys. The server and the tests load them (`common/api/contracts.ts`
 *   joins the two); the client imports them as types only.
 * - `<area>/limits.ts`, the limits the schemas enforce and the client shows (lengths, page
 *   sizes): plain constants that import nothing.
 *
 * Imports run one way, down: actions.ts -> schemas.ts (types only) -> limits.ts (the table may
 * also use limits.ts, as auth's upload size). schemas.ts never imports the table, so an area's
 * files import each other in no circle.
 *
 * `actionTable<typeof schemas>()` checks that every action of the table has schemas under its
 * key and takes its input and output types from them.
 */

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
  | 'reauth'
  | 'errorReport'
  | 'invite'
  | 'inviteOpen'
  | 'secondFactor'
  | 'passkeySignin'
  | 'calendarFeed';

/**
 * An action whose body is one file sent as multipart/form-data instead of JSON: the server
 * hands the handler the file's bytes under `field` (a Uint8Array), refusing more than
 * `maxBytes`.
 */
export interface UploadSpec {
  field: string;
  maxBytes: number;
}

/** One entry of an action table as written: everything but the area and the types. */
export interface ActionSpec {
  action: string;
  access: Access;
  rateLimit?: RateLimitFamily;
  upload?: UploadSpec;
}

/** The zod schemas of one action. */
export interface ActionSchemas<
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> {
  input: Input;
  output: Output;
}

/**
 * One action as the client knows it: zod-free. `types` is never set at run time; it carries
 * what a caller sends (`input`), what the server's handler receives once the input is parsed
 * (`parsed`) and what the action answers (`output`).
 */
export interface ActionRef<
  Area extends string = string,
  Action extends string = string,
  Acc extends Access = Access,
  Input = unknown,
  Parsed = unknown,
  Output = unknown,
> {
  readonly area: Area;
  readonly action: Action;
  readonly access: Acc;
  readonly rateLimit?: RateLimitFamily;
  readonly upload?: UploadSpec;
  readonly types?: { input: Input; parsed: Parsed; output: Output };
}

/** An action with its zod schemas: what the server registers and the tests enumerate. */
export type ActionContract<
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
  Area extends string = string,
  Action extends string = string,
  Acc extends Access = Access,
> = ActionRef<Area, Action, Acc, z.input<Input>, z.output<Input>, z.output<Output>> &
  ActionSchemas<Input, Output>;

type SchemasOf<Schemas, Key> = Key extends keyof Schemas
  ? Schemas[Key] extends ActionSchemas
    ? Schemas[Key]
    : never
  : never;

/** The table's entries made refs: the area added, the types taken from the schemas. */
export type ActionTable<Schemas, Area extends string, Table> = {
  readonly [Key in keyof Table]: Table[Key] extends ActionSpec
    ? ActionRef<
        Area,
        Table[Key]['action'],
        Table[Key]['access'],
        z.input<SchemasOf<Schemas, Key>['input']>,
        z.output<SchemasOf<Schemas, Key>['input']>,
        z.output<SchemasOf<Schemas, Key>['output']>
      >
    : never;
};

/**
 * Declares an area's actions against the type of its schemas module:
 *
 *   import type * as schemas from './schemas.js';
 *   export const songsActions = actionTable<typeof schemas>()('songs', {
 *     catalog: { action: 'catalog', access: 'user' },
 *   });
 *
 * A key without schemas of the same name is a compile error.
 */
export function actionTable<Schemas>() {
  return <
    const Area extends string,
    const Table extends { [Key in keyof Table]: Key extends keyof Schemas ? ActionSpec : never },
  >(
    area: Area,
    table: Table,
  ): ActionTable<Schemas, Area, Table> => {
    const refs: Record<string, ActionRef> = {};
    for (const [key, spec] of Object.entries(table as Record<string, ActionSpec>)) {
      refs[key] = { area, ...spec };
    }
    return refs as ActionTable<Schemas, Area, Table>;
  };
}

/** The contracts of a table: each ref joined with the schemas of the same name. */
export type ContractsOf<Table extends Record<string, ActionRef>, Schemas> = {
  readonly [Key in keyof Table]: Table[Key] extends ActionRef<infer Area, infer Action, infer Acc>
    ? ActionContract<
        SchemasOf<Schemas, Key>['input'],
        SchemasOf<Schemas, Key>['output'],
        Area,
        Action,
        Acc
      >
    : never;
};

/** Joins a table with its schemas module (server and tests only: this loads zod). */
export function withSchemas<
  Table extends Record<string, ActionRef>,
  Schemas extends { [Key in keyof Table]: ActionSchemas },
>(table: Table, schemas: Schemas): ContractsOf<Table, Schemas> {
  const contracts: Record<string, ActionContract> = {};
  for (const [key, ref] of Object.entries(table)) {
    const { input, output } = schemas[key as keyof Table];
    contracts[key] = { ...ref, input, output };
  }
  return contracts as ContractsOf<Table, Schemas>;
}

/** What a caller sends to an action. */
export type InputOf<R> = R extends { readonly types?: { input: infer I } } ? I : never;
/** What the server's handler receives: the input after parsing (defaults filled in). */
export type ParsedInputOf<R> = R extends { readonly types?: { parsed: infer P } } ? P : never;
/** What an action answers. */
export type OutputOf<R> = R extends { readonly types?: { output: infer O } } ? O : never;

/** An action's id, e.g. 'auth/signin'. */
export type ActionIdOf<C> = C extends {
  area: infer A extends string;
  action: infer N extends string;
}
  ? `${A}/${N}`
  : never;

/** The URL path of an action, e.g. /api/auth/signin. */
export function actionPath(ref: Pick<ActionRef, 'area' | 'action'>): string {
  return `/api/${ref.area}/${ref.action}`;
}

/** A stable id for an action, e.g. auth/signin. */
export function actionId(ref: Pick<ActionRef, 'area' | 'action'>): string {
  return `${ref.area}/${ref.action}`;
}
