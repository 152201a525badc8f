import { describe, expect, it } from 'vitest';
import { allActions } from '../../../../common/api/actions.js';
import { actionId } from '../../../../common/api/contract.js';
import { search } from '../../../../common/api/playlists.js';
import {
  ARTISTS_MAX,
  ARTIST_NAME_MAX,
  ARTWORK_URL_MAX,
  SONG_TITLE_MAX,
  TRACK_REFERENCE_MAX,
} from '../../../../common/api/songs.js';
import {
  ARTISTS_MAX_COUNT,
  ARTIST_NAME_MAX_LENGTH,
  ARTWORK_URL_MAX_LENGTH,
  catalogActionRefs,
  SEARCH_QUERY_MAX_LENGTH,
  SONG_TITLE_MAX_LENGTH,
  TRACK_REFERENCE_MAX_LENGTH,
} from './catalogActionRefs';

describe('catalogue calls match the contracts in common/', () => {
  const declared = new Set(allActions.map(actionId));

  it.each(Object.entries(catalogActionRefs))('%s is a declared action', (_name, ref) => {
    expect(declared).toContain(actionId(ref));
  });

  it('repeats the length limits of the contracts', () => {
    expect(SONG_TITLE_MAX_LENGTH).toBe(SONG_TITLE_MAX);
    expect(ARTIST_NAME_MAX_LENGTH).toBe(ARTIST_NAME_MAX);
    expect(ARTISTS_MAX_COUNT).toBe(ARTISTS_MAX);
    expect(ARTWORK_URL_MAX_LENGTH).toBe(ARTWORK_URL_MAX);
    expect(TRACK_REFERENCE_MAX_LENGTH).toBe(TRACK_REFERENCE_MAX);
    expect(search.input.safeParse({ query: 'x'.repeat(SEARCH_QUERY_MAX_LENGTH) }).success).toBe(
      true,
    );
    expect(search.input.safeParse({ query: 'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1) }).success).toBe(
      false,
    );
  });
});
