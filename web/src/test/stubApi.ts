import { vi } from 'vitest';
import { z } from 'zod';
import { STARTUP_PATH } from '../../../common/api/app/startupPath.js';
import {
  actionId,
  actionPath,
  type ActionContract,
  type ActionIdOf,
  type InputOf,
  type OutputOf,
} from '../../../common/api/contract.js';
import {
  allContracts,
  messengerContracts,
  tradesContracts,
} from '../../../common/api/contracts.js';
import { API_ERROR_CODES, type ApiErrorBody } from '../../../common/api/errors.js';
import { startupSchema, type Startup } from '../../../common/api/user.js';
import type { OnlyToMe, OnlyToMeType } from '../../../common/realtime/events.js';
import { checkPushesWith } from './fakeSocket';
import { reportStubProblem } from './stubProblems';

type Contract = (typeof allContracts)[number];
/** An action's id as the stubs name it, e.g. 'songs/favourite'. */
type ActionId = ActionIdOf<Contract>;
type ContractOf<Id extends ActionId> = { [C in Contract as ActionIdOf<C>]: C }[Id];

/** What the tests stub: every declared action, and the start-up call (GET /api/). */
interface Endpoints {
  startup: { input: undefined; output: Startup };
}
type EndpointOf<Key extends StubKey> = Key extends ActionId
  ? { input: InputOf<ContractOf<Key>>; output: OutputOf<ContractOf<Key>> }
  : Key extends keyof Endpoints
    ? Endpoints[Key]
    : never;
export type StubKey = ActionId | keyof Endpoints;

/** The statuses our API answers errors with. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;

/** An error answer, in the API's error shape. */
export interface StubError {
  status: ErrorStatus;
  body: ApiErrorBody;
}

/** A success answer (200) with the action's output, or an error. */
export type StubResponse<Key extends StubKey> =
  { status?: 200; body: EndpointOf<Key>['output'] } | StubError;

/**
 * An answer, or a function of what the client sent that answers, maybe later (a promise), to
 * hold a request in flight.
 */
export type StubRoute<Key extends StubKey> =
  | StubResponse<Key>
  | ((input: EndpointOf<Key>['input']) => StubResponse<Key> | Promise<StubResponse<Key>>);

/** Answers by action id ('songs/favourite') and 'startup'; each typed by its contract. */
export type StubRoutes = { [Key in StubKey]?: StubRoute<Key> };

export interface ApiCall {
  /** The action called ('startup' for GET /api/), or null for a path no contract declares. */
  action: StubKey | null;
  method: string;
  path: string;
  /** The parsed JSON body (an upload's text), or undefined when none was sent. */
  body: unknown;
  contentType: string | null;
}

/** The API's error shape (common/api/errors.ts), as the stubs check error answers. */
const apiErrorBodySchema: z.ZodType<ApiErrorBody> = z.strictObject({
  error: z.strictObject({
    code: z.enum(API_ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

interface Endpoint {
  key: StubKey;
  /** How the server would check its own answer: the action's output schema, or start-up's. */
  output: z.ZodType;
  /** The action's input schema; none for start-up and uploads (multipart, not JSON). */
  input?: z.ZodType;
}

/** Every endpoint the stubs answer, by "METHOD /path". */
const endpoints = new Map<string, Endpoint>([
  [`GET ${STARTUP_PATH}`, { key: 'startup', output: startupSchema }],
  ...allContracts.map(
    (contract) =>
      [
        `POST ${actionPath(contract)}`,
        {
          key: actionId(contract) as ActionId,
          output: contract.output,
          input: contract.upload ? undefined : contract.input,
        },
      ] as const,
  ),
]);
const checksOf = new Map([...endpoints.values()].map((endpoint) => [endpoint.key, endpoint]));

/** What a check found wrong, one line per issue. */
function issuesOf(error: z.ZodError): string {
  return error.issues
    .map((issue) => `  ${issue.path.map(String).join('.') || '(the body)'}: ${issue.message}`)
    .join('\n');
}

/**
 * Fields of `sent` that `parsed` lacks: what the schema stripped. The server's answer never
 * has them (it parses its own answer with the same schema), so a fixture with them drifted.
 */
function strayFields(sent: unknown, parsed: unknown, path: string[] = []): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed))
    return sent.flatMap((item, index) => strayFields(item, parsed[index], [...path, `${index}`]));
  if (typeof sent !== 'object' || sent === null || typeof parsed !== 'object' || parsed === null)
    return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in parsed
      ? strayFields(value, (parsed as Record<string, unknown>)[key], [...path, key])
      : [[...path, key].join('.')],
  );
}

/**
 * `body` as the server would send it, parsed by `schema`; throws, naming `stub` and `what` it
 * breaks, when the schema refuses it or strips a field of it.
 */
function checked(stub: string, what: string, schema: z.ZodType, body: unknown): unknown {
  // What the client would receive: JSON, so undefined fields are absent.
  const sent: unknown = JSON.parse(JSON.stringify(body) ?? 'null');
  const parsed = schema.safeParse(sent);
  if (!parsed.success) throw new Error(`${stub} breaks ${what}:\n${issuesOf(parsed.error)}`);
  const stray = strayFields(sent, parsed.data);
  if (stray.length > 0)
    throw new Error(`${stub} has fields ${what} does not declare: ${stray.join(', ')}`);
  return parsed.data;
}

/**
 * The answer as the server would send it, checked against `key`'s contract: a success body
 * parsed by the action's output schema (with no field the schema does not declare), an error
 * body in the API's error shape. Throws naming the action when the fixture breaks the contract.
 */
function checkedAnswer<Key extends StubKey>(
  key: Key,
  answer: StubResponse<Key>,
): { status: number; body: unknown } {
  const status = answer.status ?? 200;
  const [what, schema] =
    status >= 400
      ? [`a ${status} answer in the API's error shape`, apiErrorBodySchema]
      : ["the action's output", checksOf.get(key)!.output];
  return { status, body: checked(`Stub of ${key}`, what, schema, answer.body) };
}

/** The action whose answer an onlytome push carries as its `response` (common/realtime/events.ts). */
const pushedAnswers = {
  OpenTrade: tradesContracts.open,
  DeleteTrade: tradesContracts.deleteTrade,
  UpdateTrade: tradesContracts.update,
  AddSongToTrade: tradesContracts.addTrack,
  RemoveSongFromTrade: tradesContracts.removeTrack,
  AcceptOrRejectSong: tradesContracts.acceptRejectSong,
  AddSongToPlaylist: tradesContracts.addToPlaylist,
  UpdatePlaylistPosition: tradesContracts.updatePosition,
  RemoveTradeSongFromPlaylistPosition: tradesContracts.removeSongFromPlaylist,
  AcceptTrade: tradesContracts.accept,
  SendMessage: messengerContracts.sendMessage,
} satisfies Record<
  Exclude<OnlyToMeType, 'FriendRequestChanged' | 'NewNotification'>,
  ActionContract
>;

/** An onlytome push's `response` is held to its action's output, as an answer is. */
checkPushesWith((event, payload) => {
  if (event !== 'onlytome') return;
  const { type, response } = payload as OnlyToMe;
  // A type this client does not know (a newer server) has no contract here to hold it to.
  if (!Object.hasOwn(pushedAnswers, type)) return;
  const contract = pushedAnswers[type as keyof typeof pushedAnswers];
  checked(`Push ${type}`, `${actionId(contract)}'s output`, contract.output, response);
});

const failure = (message: string) => ({
  status: 500,
  body: { error: { code: 'INTERNAL', message } },
});

/**
 * Replaces fetch at the network boundary: answers the stubbed actions as the server would, and
 * records every call. Every answer is held to its action's contract (checkedAnswer): a fixed
 * answer when stubApi is called (it throws, naming the action), an answer a function gives when
 * it gives it (the request then answers 500 and the test setup fails the test with the
 * problem). So is what the client sends, against the action's input schema. An endpoint
 * without a stub answers 404 in the API's error shape, like the server.
 */
export function stubApi(routes: StubRoutes) {
  for (const [key, route] of Object.entries(routes)) {
    if (!checksOf.has(key as StubKey)) throw new Error(`No action ${key} to stub`);
    if (typeof route === 'object') checkedAnswer(key as StubKey, route);
  }
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), window.location.href), init);
    const url = new URL(request.url);
    const text = await request.text();
    // JSON bodies parsed; an upload (multipart/form-data) kept as its text.
    const isJson = request.headers.get('content-type')?.includes('json') ?? false;
    const body: unknown = text ? (isJson ? JSON.parse(text) : text) : undefined;
    const endpoint = endpoints.get(`${request.method} ${url.pathname}`);
    calls.push({
      action: endpoint?.key ?? null,
      method: request.method,
      path: url.pathname,
      body,
      contentType: request.headers.get('content-type'),
    });
    const answer = endpoint
      ? await answerOf(endpoint, routes[endpoint.key] as StubRoute<StubKey> | undefined, body)
      : notFound(`${request.method} ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls of one action ('songs/favourite') or of start-up ('startup'). */
    callsTo: (key: StubKey) => calls.filter((call) => call.action === key),
  };
}

const notFound = (what: string) => ({
  status: 404,
  body: { error: { code: 'NOT_FOUND', message: `No stub for ${what}` } },
});

async function answerOf(
  endpoint: Endpoint,
  route: StubRoute<StubKey> | undefined,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  if (!route) return notFound(endpoint.key);
  // As the server: no body is an empty object, and an input its schema refuses is answered
  // 400 VALIDATION_FAILED, so only a 400 may answer it.
  const input = endpoint.input?.safeParse(body ?? {});
  let answer: { status: number; body: unknown };
  try {
    const given = typeof route === 'function' ? await route((body ?? {}) as never) : route;
    answer = checkedAnswer(endpoint.key, given);
  } catch (error) {
    const problem = (error as Error).message;
    reportStubProblem(problem);
    return failure(problem);
  }
  if (input && !input.success && answer.status !== 400) {
    const problem = `The client sent ${endpoint.key} what its input contract refuses (the server answers 400):\n${issuesOf(input.error)}`;
    reportStubProblem(problem);
    return failure(problem);
  }
  return answer;
}

/** The start-up answer of a signed-out visitor. */
export const signedOutStartup: StubResponse<'startup'> = { body: { user: null, meta: null } };
