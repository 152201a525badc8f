import { describe, expect, expectTypeOf, it } from 'vitest';
import { songsActions } from '../../../../common/api/songs/actions.js';
import type { OutputOf } from '../../../../common/api/contract.js';
import { authActions } from '../../../../common/api/auth/actions.js';
import { callAction, type ActionCall } from './baseApi';

describe('callAction: endpoints built from the action tables', () => {
  it('posts to the action’s path with the argument as the body', () => {
    const favourite = callAction(songsActions.favourite);
    expect(favourite.query({ id: 's1', favourite: true })).toEqual({
      url: '/api/songs/favourite',
      method: 'POST',
      body: { id: 's1', favourite: true },
    });
  });

  it('sends an empty object for an argument every field of which may be left out', () => {
    expect(callAction(songsActions.catalog).query()).toEqual({
      url: '/api/songs/catalog',
      method: 'POST',
      body: {},
    });
  });

  it('answers the action’s output, or what the transform makes of it', () => {
    const answer = { success: true, songId: 's1' };
    expect(
      callAction(songsActions.removeFromCatalog).transformResponse(answer, undefined, {
        songId: 's1',
      }),
    ).toBe(answer);
    const songId = callAction(songsActions.removeFromCatalog, (removed) => removed.songId);
    expect(songId.transformResponse(answer, undefined, { songId: 's1' })).toBe('s1');
  });

  it('gives the transform what was asked for', () => {
    const asked = callAction(songsActions.removeFromCatalog, (removed, { songId }) => [
      removed.success,
      songId,
    ]);
    expect(
      asked.transformResponse({ success: true, songId: 's1' }, undefined, { songId: 's2' }),
    ).toEqual([true, 's2']);
  });

  it('types an endpoint by its action: another action’s call does not fit', () => {
    type CatalogCall = ActionCall<
      typeof songsActions.catalog,
      OutputOf<typeof songsActions.catalog>
    >;
    expectTypeOf(callAction(songsActions.catalog)).toEqualTypeOf<CatalogCall>();
    // These lines fail `npm run typecheck` if the types stop telling the actions apart.
    // @ts-expect-error favourite's input and output are not the catalogue's
    const pointedElsewhere: CatalogCall = callAction(songsActions.favourite);
    // @ts-expect-error a body of the wrong shape
    callAction(authActions.signin).query({ cursor: 'x' });
    expect(pointedElsewhere).toBeDefined();
  });
});
