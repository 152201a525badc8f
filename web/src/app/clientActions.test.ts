import { describe, expect, it } from 'vitest';
import { allActions } from '../../../common/api/actions.js';
import {
  DESCRIPTION_MAX,
  NAME_MAX,
  NETWORK_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../../../common/api/auth.js';
import { actionId } from '../../../common/api/contract.js';
import {
  REMOVAL_DATE_MAX as CONTRACT_REMOVAL_DATE_MAX,
  REMOVAL_DATE_MIN as CONTRACT_REMOVAL_DATE_MIN,
  search,
} from '../../../common/api/playlists.js';
import { SPOTIFY_AUTHORIZE_PATH as CONTRACT_AUTHORIZE_PATH } from '../../../common/api/spotifyAccounts.js';
import { logErrorRef } from './crash/reportCrash';
import { authActionRefs } from '../features/auth/authActionRefs';
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NETWORK_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../features/auth/contractLimits';
import {
  playlistActionRefs,
  REMOVAL_DATE_MAX,
  REMOVAL_DATE_MIN,
  SEARCH_QUERY_MAX_LENGTH,
} from '../features/playlists/playlistActionRefs';
import { SPOTIFY_AUTHORIZE_PATH, spotifyActionRefs } from '../features/spotify/spotifyActionRefs';

describe('client calls match the contracts in common/', () => {
  const declared = new Set(allActions.map(actionId));

  it.each(
    Object.entries({
      ...authActionRefs,
      logError: logErrorRef,
      ...Object.fromEntries(
        Object.entries(spotifyActionRefs).map(([name, ref]) => [`spotify.${name}`, ref]),
      ),
      ...Object.fromEntries(
        Object.entries(playlistActionRefs).map(([name, ref]) => [`playlists.${name}`, ref]),
      ),
    }),
  )('%s is a declared action', (_name, ref) => {
    expect(declared).toContain(actionId(ref));
  });

  it('repeats the length limits of the contracts', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(PASSWORD_MIN);
    expect(PASSWORD_MAX_LENGTH).toBe(PASSWORD_MAX);
    expect(NAME_MAX_LENGTH).toBe(NAME_MAX);
    expect(DESCRIPTION_MAX_LENGTH).toBe(DESCRIPTION_MAX);
    expect(NETWORK_MAX_LENGTH).toBe(NETWORK_MAX);
  });

  it('repeats the Spotify authorize path and the playlists limits of the contracts', () => {
    expect(SPOTIFY_AUTHORIZE_PATH).toBe(CONTRACT_AUTHORIZE_PATH);
    expect(REMOVAL_DATE_MIN).toBe(CONTRACT_REMOVAL_DATE_MIN);
    expect(REMOVAL_DATE_MAX).toBe(CONTRACT_REMOVAL_DATE_MAX);
    expect(search.input.safeParse({ query: 'a'.repeat(SEARCH_QUERY_MAX_LENGTH) }).success).toBe(
      true,
    );
    expect(search.input.safeParse({ query: 'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
  });
});
