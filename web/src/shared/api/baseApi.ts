import { createApi } from '@reduxjs/toolkit/query/react';
import {
  actionPath,
  type ActionRef,
  type InputOf,
  type OutputOf,
} from '../../../../common/api/contract.js';
import { actionBaseQuery, type ActionRequest } from './actionBaseQuery';
import { askToReauthenticate, isReauthenticationRequired } from './reauthenticationGate';
import { REQUEST_TIMEOUT_MS } from './requestTimeout';

/**
 * A security change the server answers 403 REAUTHENTICATION_REQUIRED waits while the person
 * confirms it is them (reauthenticationGate.ts), and is then sent again as it was; cancelled, it
 * ends with that answer.
 */
function withReauthentication(
  baseQuery: ReturnType<typeof actionBaseQuery>,
): ReturnType<typeof actionBaseQuery> {
  return async (request, api, extraOptions) => {
    const answer = await baseQuery(request, api, extraOptions);
    if (!isReauthenticationRequired(answer.error)) return answer;
    if (!(await askToReauthenticate())) return answer;
    return baseQuery(request, api, extraOptions);
  };
}

/**
 * The one RTK Query API of the client. Features add their endpoints with injectEndpoints,
 * each built with `callAction` from an action table of common/api; every call goes to this
 * origin with the session cookie.
 */
export const api = createApi({
  reducerPath: 'api',
  /**
   * ManagedPlaylists: playlists/all and playlists/info (our own settings); AccountPlaylists,
   * Playlist: live reads from Spotify; Insights: a managed playlist's history; TradeLists: the
   * swaps' buckets (trades/all), read again after the realtime channel was down; Activity: the
   * account's activity list (auth/activity), read again after a password change.
   */
  tagTypes: [
    'ManagedPlaylists',
    'AccountPlaylists',
    'Playlist',
    'Insights',
    'History',
    'TradeLists',
    'Activity',
    'Friends',
    'FriendRequests',
    'Sessions',
    'TwoFactor',
    'Passkeys',
    'Invitations',
    'ScheduleFeed',
  ],
  baseQuery: withReauthentication(actionBaseQuery(REQUEST_TIMEOUT_MS)),
  endpoints: () => ({}),
});

/**
 * The request for an action: POST /api/{area}/{action} with a JSON body. Without a body
 * nothing is sent, not even a Content-Type (sign-out sends no payload).
 */
export function actionRequest(
  ref: Pick<ActionRef, 'area' | 'action'>,
  body?: unknown,
): ActionRequest {
  const request: ActionRequest = { url: actionPath(ref), method: 'POST' };
  if (body !== undefined) request.body = body;
  return request;
}

/** An endpoint's argument for an action: may be left out when every field of the input may. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field optional"
export type ArgOf<Ref> = {} extends InputOf<Ref> ? InputOf<Ref> | void : InputOf<Ref>;

/** The request half of an endpoint for one action: its request and its answer's type. */
export interface ActionCall<Ref, Result> {
  query: (arg: ArgOf<Ref>) => ActionRequest;
  transformResponse: (answer: unknown, meta: unknown, arg: ArgOf<Ref>) => Result;
}

/**
 * The request half of an RTK Query endpoint for one action of a table in common/api:
 *
 *   catalog: build.query({ ...callAction(songsActions.catalog), keepUnusedDataFor: 0 })
 *   catalog: build.query(callAction(songsActions.catalog, (answer) => toCatalogState(answer)))
 *
 * The transform also gets the endpoint's argument (what was asked for). The endpoint's
 * argument and result types come from the action, so an endpoint pointed at another action
 * changes type with it and every use that no longer fits fails to compile. (Two signatures, so
 * that without a transform the result type is the action's output and is never taken from the
 * endpoint builder's context.)
 */
export function callAction<Ref extends ActionRef>(ref: Ref): ActionCall<Ref, OutputOf<Ref>>;
export function callAction<Ref extends ActionRef, Result>(
  ref: Ref,
  transform: (answer: OutputOf<Ref>, arg: ArgOf<Ref>) => Result,
): ActionCall<Ref, Result>;
export function callAction<Ref extends ActionRef, Result>(
  ref: Ref,
  transform?: (answer: OutputOf<Ref>, arg: ArgOf<Ref>) => Result,
): ActionCall<Ref, Result | OutputOf<Ref>> {
  return {
    query: (arg) => actionRequest(ref, arg ?? {}),
    // The server's answer is its contract's output (the server parses it before sending).
    transformResponse: (answer, _meta, arg) =>
      transform ? transform(answer as OutputOf<Ref>, arg) : (answer as OutputOf<Ref>),
  };
}

/** A page of a keyset-paginated list: its items under some key, and the cursor of the next page. */
export interface KeysetPage {
  nextCursor: string | null;
}

/**
 * The request half of an RTK Query infinite query for a keyset-paginated action: the page's
 * cursor (null for the first page) is sent as `cursor`, and the next page starts at the answer's
 * `nextCursor`. "Load more" is the hook's fetchNextPage; hasNextPage says whether there is more.
 *
 *   potentialPartners: build.infiniteQuery(callPagedAction(usersActions.potentialPartners))
 */
export function callPagedAction<Ref extends ActionRef>(ref: Ref) {
  type Arg = Omit<InputOf<Ref>, 'cursor'>;
  type Page = OutputOf<Ref> & KeysetPage;
  return {
    query: ({ queryArg, pageParam }: { queryArg: Arg; pageParam: string | null }) =>
      actionRequest(ref, pageParam ? { ...queryArg, cursor: pageParam } : queryArg),
    transformResponse: (answer: unknown) => answer as Page,
    infiniteQueryOptions: {
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage: Page) => lastPage.nextCursor,
    },
  };
}

/** Every tag of playlist data: what unlinking an account or linking one makes stale. */
export const PLAYLIST_TAGS = [
  'ManagedPlaylists',
  'AccountPlaylists',
  'Playlist',
  'Insights',
] as const;

/** Runs `then` with the answer once a request succeeded; failures are the caller's to show. */
export async function whenSucceeded<T>(
  queryFulfilled: Promise<{ data: T }>,
  then: (data: T) => void,
): Promise<void> {
  let data: T;
  try {
    ({ data } = await queryFulfilled);
  } catch {
    // The component that made the call shows the error; the store stays as it was.
    return;
  }
  then(data);
}
