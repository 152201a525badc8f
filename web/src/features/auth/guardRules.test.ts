// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildStreamingAccount, buildUser } from '../../test/fixtures';
import {
  afterSignInPath,
  guestOnlyRouteDecision,
  isSafeRedirectPath,
  protectedRouteDecision,
  shouldForceSpotifyRedirect,
  signInPathFor,
  someAccountsNeedRegrant,
} from './guardRules';

const at = (pathname: string, search = '') => ({ pathname, search });
const account = (id: string, regrant: boolean) =>
  buildStreamingAccount({ id, email: `${id}@example.com`, regrant });

describe('signInPathFor (no user)', () => {
  it('sends to plain /signin from the root path', () => {
    expect(signInPathFor(at('/'), false)).toBe('/signin');
  });

  it('sends to plain /signin after a deliberate sign-out, whatever the path', () => {
    expect(signInPathFor(at('/catalog', '?q=1'), true)).toBe('/signin');
  });

  it('otherwise keeps the wanted path with its query in the redirect parameter', () => {
    const to = signInPathFor(at('/songswap/42', '?tab=songs&x=1'), false);
    expect(to.startsWith('/signin?redirect=')).toBe(true);
    const redirect = new URLSearchParams(to.slice('/signin'.length)).get('redirect');
    expect(redirect).toBe('/songswap/42?tab=songs&x=1');
  });
});

describe('protectedRouteDecision', () => {
  it('redirects to sign-in when there is no user', () => {
    expect(protectedRouteDecision({ user: null, signedOut: false }, at('/playlists'))).toEqual({
      kind: 'redirect',
      to: '/signin?redirect=%2Fplaylists',
    });
  });

  it('redirects to plain sign-in after a deliberate sign-out', () => {
    expect(protectedRouteDecision({ user: null, signedOut: true }, at('/playlists'))).toEqual({
      kind: 'redirect',
      to: '/signin',
    });
  });

  it('lets a signed-in user without accounts through', () => {
    const user = buildUser({ accounts: [] });
    expect(protectedRouteDecision({ user, signedOut: false }, at('/'))).toEqual({
      kind: 'allow',
    });
  });

  it('lets a user with a healthy account through', () => {
    const user = buildUser({ accounts: [account('a', false)] });
    expect(protectedRouteDecision({ user, signedOut: false }, at('/catalog'))).toEqual({
      kind: 'allow',
    });
  });

  it('applies the forced /spotify redirect when no account is usable', () => {
    const user = buildUser({ accounts: [account('a', true)] });
    expect(protectedRouteDecision({ user, signedOut: false }, at('/catalog'))).toEqual({
      kind: 'redirect',
      to: '/spotify',
    });
    expect(protectedRouteDecision({ user, signedOut: false }, at('/spotify'))).toEqual({
      kind: 'allow',
    });
  });
});

describe('shouldForceSpotifyRedirect (every linked account needs re-authorisation)', () => {
  it('does not fire without linked accounts', () => {
    expect(shouldForceSpotifyRedirect({ accounts: [] }, '/')).toBe(false);
  });

  it('does not fire with one healthy account', () => {
    expect(shouldForceSpotifyRedirect({ accounts: [account('a', false)] }, '/')).toBe(false);
  });

  it('fires when the only account has the regrant flag', () => {
    expect(shouldForceSpotifyRedirect({ accounts: [account('a', true)] }, '/')).toBe(true);
  });

  it('does not fire when one of two accounts is still usable', () => {
    expect(
      shouldForceSpotifyRedirect({ accounts: [account('a', false), account('b', true)] }, '/'),
    ).toBe(false);
  });

  it('fires when both accounts have the regrant flag', () => {
    expect(
      shouldForceSpotifyRedirect({ accounts: [account('a', true), account('b', true)] }, '/'),
    ).toBe(true);
  });

  it('never fires on /spotify or below it', () => {
    const accounts = [account('a', true)];
    expect(shouldForceSpotifyRedirect({ accounts }, '/spotify')).toBe(false);
    expect(shouldForceSpotifyRedirect({ accounts }, '/spotify/callback')).toBe(false);
    expect(shouldForceSpotifyRedirect({ accounts }, '/spotifyish')).toBe(true);
    expect(shouldForceSpotifyRedirect({ accounts }, '/profile/spotify')).toBe(true);
  });
});

describe('someAccountsNeedRegrant (the shell warning)', () => {
  it('is on only when some but not all accounts need re-authorisation', () => {
    expect(someAccountsNeedRegrant({ accounts: [] })).toBe(false);
    expect(someAccountsNeedRegrant({ accounts: [account('a', false)] })).toBe(false);
    expect(someAccountsNeedRegrant({ accounts: [account('a', true)] })).toBe(false);
    expect(someAccountsNeedRegrant({ accounts: [account('a', false), account('b', true)] })).toBe(
      true,
    );
    expect(someAccountsNeedRegrant({ accounts: [account('a', true), account('b', true)] })).toBe(
      false,
    );
  });
});

describe('after sign-in', () => {
  it('goes to the redirect parameter when it is a same-site path', () => {
    expect(afterSignInPath('?redirect=%2Fsongswap%2F42%3Ftab%3Dsongs')).toBe(
      '/songswap/42?tab=songs',
    );
  });

  it("goes to '/' without a redirect parameter", () => {
    expect(afterSignInPath('')).toBe('/');
  });

  it.each([
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['catalog'],
    ['/\t/evil.example'],
    [''],
  ])("refuses %j and goes to '/'", (target) => {
    expect(isSafeRedirectPath(target)).toBe(false);
    expect(afterSignInPath(`?${new URLSearchParams({ redirect: target })}`)).toBe('/');
  });

  it('accepts ordinary paths', () => {
    expect(isSafeRedirectPath('/')).toBe(true);
    expect(isSafeRedirectPath('/playlists/acc/pl?x=1#y')).toBe(true);
  });
});

describe('guestOnlyRouteDecision (/signin, /signup)', () => {
  it('shows the page without a user', () => {
    expect(guestOnlyRouteDecision({ user: null, signedOut: true }, at('/signin'))).toEqual({
      kind: 'allow',
    });
  });

  it("sends a signed-in user to '/'", () => {
    expect(guestOnlyRouteDecision({ user: buildUser(), signedOut: false }, at('/signup'))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('sends a user who just signed in on to the safe redirect target', () => {
    const session = { user: buildUser(), signedOut: false };
    expect(guestOnlyRouteDecision(session, at('/signin', '?redirect=%2Fcatalog'))).toEqual({
      kind: 'redirect',
      to: '/catalog',
    });
    expect(guestOnlyRouteDecision(session, at('/signin', '?redirect=%2F%2Fevil.example'))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
});
