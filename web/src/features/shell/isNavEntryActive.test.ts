// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isNavEntryActive } from './isNavEntryActive';

describe('isNavEntryActive', () => {
  it('makes Home active only on exactly /', () => {
    expect(isNavEntryActive('/', '/')).toBe(true);
    expect(isNavEntryActive('/', '/playlists')).toBe(false);
    expect(isNavEntryActive('/', '/profile/spotify')).toBe(false);
  });

  it('makes an entry active on its own path', () => {
    expect(isNavEntryActive('/catalog', '/catalog')).toBe(true);
  });

  it('makes an entry active on paths that start with it', () => {
    expect(isNavEntryActive('/playlists', '/playlists/acc-1/pl-9')).toBe(true);
    expect(isNavEntryActive('/network', '/network/profile/u-2')).toBe(true);
    expect(isNavEntryActive('/messenger', '/messenger/c-1')).toBe(true);
    expect(isNavEntryActive('/profile', '/profile/spotify')).toBe(true);
  });

  it('does not make an entry active on other paths', () => {
    expect(isNavEntryActive('/network', '/discovery/profile/u-2')).toBe(false);
    expect(isNavEntryActive('/songswap', '/catalog')).toBe(false);
    expect(isNavEntryActive('/profile', '/profiles')).toBe(false);
  });
});
