import { createApi, fetchBaseQuery, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { actionPath, type ActionContract } from '../../../../common/api/contract.js';

/** The area and action of a contract; enough to build its path without loading its schemas. */
export type ActionRef = Pick<ActionContract, 'area' | 'action'>;

/** Requests that take longer are reported as a timeout instead of hanging the screen. */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The one RTK Query API of the client. Features add their endpoints with injectEndpoints;
 * every call goes to this origin with the session cookie.
 */
export const api = createApi({
  reducerPath: 'api',
  /**
   * ManagedPlaylists: playlists/all and playlists/info (our own settings); AccountPlaylists,
   * Playlist: live reads from Spotify; Insights: a managed playlist's history.
   */
  tagTypes: ['ManagedPlaylists', 'AccountPlaylists', 'Playlist', 'Insights'],
  baseQuery: fetchBaseQuery({
    baseUrl: '',
    credentials: 'include',
    timeout: REQUEST_TIMEOUT_MS,
  }),
  endpoints: () => ({}),
});

/**
 * The request for an action: POST /api/{area}/{action} with a JSON body. Without a body
 * nothing is sent, not even a Content-Type (sign-out sends no payload).
 */
export function actionRequest(ref: ActionRef, body?: unknown): FetchArgs {
  const request: FetchArgs = { url: actionPath(ref), method: 'POST' };
  if (body !== undefined) request.body = body;
  return request;
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
