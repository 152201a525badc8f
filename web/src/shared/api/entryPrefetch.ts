import { STARTUP_PATH } from '../../../../common/api/app/startupPath.js';
import {
  CARRIED_ANSWERS_ID,
  type CarriedAnswer,
  type CarriedRead,
} from '../../../../common/build/prerenderedScreens.js';
import { apiRequestInit } from './apiRequestInit';

/**
 * Answers the entry asks for as soon as it runs (main.tsx), while the app's JavaScript still
 * loads, instead of after it (docs/ARCHITECTURE.md, "First load"): the start-up call, and, once
 * it says a user is signed in, the reads of the first screen that its URL alone decides
 * (app/firstScreenReads.ts). The app's
 * first request of the same method, path and body takes the answer (baseApi.ts) instead of
 * asking the server again; any other request, and any after it, asks the server.
 *
 * An answer is only taken while it is fresh (PREFETCH_FRESH_MS from the page's start: the
 * first screen asks within that unless the network is very slow, and then it simply asks
 * again), never after the session ended (`dropPrefetched`), and never when it found no
 * session (401): the entry asks before it knows who the visitor is, and a visitor who signs in
 * on the sign-in screen it was sent to makes the screen's request with a session the held
 * answer knew nothing of (taken, it ended the new session at once). So it is always this
 * page's first screen, for the user it was asked for.
 */
interface Prefetched {
  method: string;
  path: string;
  /** The JSON body in a canonical form (keys sorted), or null without a body. */
  body: string | null;
  /** The answer, made when taken (a carried answer's Response only then: most never are). */
  answer: () => Promise<Response>;
  freshUntil: number;
}

export const PREFETCH_FRESH_MS = 30_000;

/** A request the entry may ask for: GET without a body, or an action's POST with its input. */
export interface PrefetchRequest {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
}

let pending: Prefetched[] = [];
/** The screen's reads a page rendered for the curator carried (the start-up call's aside). */
let carriedScreenReads: CarriedAnswer[] = [];

/** A request's body as pending entries compare it: canonical JSON, or null without one. */
const bodyKey = (body: unknown) =>
  body === undefined ? null : canonicalJson(JSON.stringify(body));

/** Holds `answer` for the app's first request of this method, path and body. */
function hold(method: string, path: string, body: string | null, answer: () => Promise<Response>) {
  pending.push({ method, path, body, answer, freshUntil: Date.now() + PREFETCH_FRESH_MS });
}

/** Whether an answer for this method, path and body is held already (carried by the page). */
const isHeld = (method: string, path: string, key: string | null) =>
  pending.some((entry) => entry.method === method && entry.path === path && entry.body === key);

/** `request` as the app's own request would ask it (cookies included), failing after `timeoutMs`. */
function ask({ path, method = 'GET', body }: PrefetchRequest, timeoutMs: number) {
  return fetch(
    path,
    apiRequestInit(
      method,
      body === undefined ? undefined : JSON.stringify(body),
      AbortSignal.timeout(timeoutMs),
    ),
  );
}

/** Asks `request` as the app's own request would (cookies included), failing after `timeoutMs`. */
export function prefetchAnswer(request: PrefetchRequest, timeoutMs: number): void {
  const { path, method = 'GET', body } = request;
  const key = bodyKey(body);
  // Already held (carried by the page): not asked again.
  if (isHeld(method, path, key)) return;
  const answer = ask(request, timeoutMs);
  // A failure is the app's to report when it takes the answer; until then it is not unhandled.
  answer.catch(() => {});
  hold(method, path, key, () => answer);
}

/**
 * Asks the first screen's reads once the start-up call (asked first, prefetchStartup) says who
 * the visitor is, and only for a signed-in user: a signed-out visitor's guard sends them to sign
 * in, and asked before it knows, the reads would only answer 401. Each is held at once, so the
 * app's request of the same method, path and body waits for it rather than asking again; for
 * nobody signed in it is "no session" (401), which the app never takes.
 */
export function prefetchWhenSignedIn(reads: readonly PrefetchRequest[], timeoutMs: number): void {
  const unheld = reads.filter(
    ({ path, method = 'GET', body }) => !isHeld(method, path, bodyKey(body)),
  );
  const startup = pending.find((entry) => entry.method === 'GET' && entry.path === STARTUP_PATH);
  if (unheld.length === 0 || !startup) return;
  // Read from a copy, before the app takes the answer (this runs first: it was asked first).
  const signedIn = startup
    .answer()
    .then(async (response) => {
      if (!response.ok) return false;
      const startupAnswer = (await response.clone().json()) as { user?: unknown } | null;
      return Boolean(startupAnswer?.user);
    })
    .catch(() => false);
  for (const request of unheld) {
    const answer = signedIn.then((yes) =>
      yes ? ask(request, timeoutMs) : new Response(null, { status: 401 }),
    );
    answer.catch(() => {});
    hold(request.method ?? 'GET', request.path, bodyKey(request.body), () => answer);
  }
}

/**
 * The answers a page rendered for a signed-in curator carries (server/http/signedInPages.ts:
 * the start-up call's and the screen's first reads), held as if the entry had asked for them,
 * so neither the entry nor the app asks the server for them again. None on any other page.
 */
export function takeCarriedAnswers(): void {
  const block = document.getElementById(CARRIED_ANSWERS_ID);
  if (!block?.textContent) return;
  block.remove();
  let carried: CarriedAnswer[];
  try {
    carried = JSON.parse(block.textContent) as CarriedAnswer[];
  } catch {
    return; // the requests are asked as on any page
  }
  // The screen's reads go into the store as they are (app/start.tsx) and their held answers are
  // dropped untaken: each Response is made only if a request takes it (a 300-track playlist's
  // answer written out again and wrapped was 6 ms of the entry's task).
  for (const { method, path, body, answer } of carried) {
    const response = async () =>
      new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    hold(method, path, bodyKey(body), response);
  }
  carriedScreenReads = carried.filter(({ path }) => path !== STARTUP_PATH);
}

/**
 * The screen's reads with their answers that this page carried (none on any other page, and
 * none once the session ended), for the app to put into its store before it takes the page
 * over (app/start.tsx), once: a second call answers none.
 */
export function takeCarriedScreenReads(): readonly CarriedAnswer[] {
  const taken = carriedScreenReads;
  carriedScreenReads = [];
  return taken;
}

/** Forgets the held answer of `read`: the app has it and will not ask for it. */
export function dropHeld({ method, path, body }: CarriedRead): void {
  const key = bodyKey(body);
  pending = pending.filter(
    (entry) => !(entry.method === method && entry.path === path && entry.body === key),
  );
}

/** The start-up call (GET /api/), asked by the entry before anything else. */
export function prefetchStartup(timeoutMs: number): void {
  prefetchAnswer({ path: STARTUP_PATH }, timeoutMs);
}

/**
 * The prefetched answer for a request when one of the same method, path and body is pending
 * and fresh, once, unless it found no session; otherwise undefined (the caller asks the
 * server). `body` is the JSON the request sends, compared in its canonical form only when a
 * prefetch of that method and path is pending.
 */
export async function takePrefetched(request: {
  method: string;
  path: string;
  body: string | undefined;
}): Promise<Response | undefined> {
  if (pending.length === 0) return undefined;
  const now = Date.now();
  pending = pending.filter((entry) => entry.freshUntil > now);
  const candidates = pending.filter(
    (entry) => entry.method === request.method && entry.path === request.path,
  );
  if (candidates.length === 0) return undefined;
  const body = request.body === undefined ? null : canonicalJson(request.body);
  const match = candidates.find((entry) => entry.body === body);
  if (!match) return undefined;
  pending = pending.filter((entry) => entry !== match);
  const answer = await match.answer();
  return answer.status === 401 ? undefined : answer;
}

/** Forgets every answer not taken yet: the session they were asked for has ended. */
export function dropPrefetched(): void {
  pending = [];
  carriedScreenReads = [];
}

/** JSON text with every object's keys sorted, so that two bodies compare as text; null when not JSON. */
function canonicalJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
        : value,
    );
  } catch {
    return null;
  }
}
