import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeMatcher } from './routeMatcher.js';

const patterns = [
  '/',
  '/signin',
  '/password/reset/:link',
  '/profile',
  '/profile/:section',
  '/spotify/:step',
  '/spotify/callback',
  '/playlists',
  '/playlists/:accountId/:playlistId',
  '/files/*',
  '/help/:topic?',
  '/docs/:page/*',
];
const match = routeMatcher(patterns);

describe('routeMatcher', () => {
  it('finds a path without parameters, whatever its case or trailing slash', () => {
    expect(match('/')).toBe('/');
    expect(match('/signin')).toBe('/signin');
    expect(match('/SignIn/')).toBe('/signin');
    expect(match('/playlists')).toBe('/playlists');
  });

  it('fills a parameter with exactly one segment', () => {
    expect(match('/playlists/acc-1/pl-2')).toBe('/playlists/:accountId/:playlistId');
    expect(match('/playlists/acc-1')).toBeUndefined();
    expect(match('/playlists/acc-1/pl-2/more')).toBeUndefined();
    expect(match('/profile/security')).toBe('/profile/:section');
  });

  it('prefers a static segment to a parameter, and a parameter to a splat', () => {
    expect(match('/spotify/callback')).toBe('/spotify/callback');
    expect(match('/spotify/other')).toBe('/spotify/:step');
    expect(match('/docs/intro/a/b')).toBe('/docs/:page/*');
    expect(match('/files')).toBe('/files/*');
    expect(match('/files/a/b/c')).toBe('/files/*');
  });

  it('takes an optional segment or leaves it out', () => {
    expect(match('/help')).toBe('/help/:topic?');
    expect(match('/help/billing')).toBe('/help/:topic?');
  });

  it('matches no route for an unknown path, unless a catch-all takes every path', () => {
    expect(match('/no/such/page')).toBeUndefined();
    expect(routeMatcher(['/signin', '*'])('/no/such/page')).toBe('*');
    expect(routeMatcher(['/signin', '*'])('/signin')).toBe('/signin');
  });

  it("picks the route React Router's matchRoutes picks", () => {
    const routes = patterns.map((path) => ({ path }));
    const paths = [
      '/',
      '/signin',
      '/signin/',
      '/SIGNIN',
      '/password/reset/abc',
      '/profile',
      '/profile/billing',
      '/spotify/callback',
      '/spotify/x',
      '/playlists/a/b',
      '/playlists/a',
      '/files',
      '/files/a',
      '/help',
      '/help/x',
      '/help/x/y',
      '/docs/a',
      '/docs/a/b/c',
      '/nowhere',
    ];
    for (const path of paths) {
      const chosen = matchRoutes(routes, path)?.at(-1)?.route.path;
      expect(match(path), path).toBe(chosen);
    }
  });
});
