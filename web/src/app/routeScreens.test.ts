import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeScreens } from '../../build/routeScreens';
import { appRoutes } from './router';
import { makeStore } from './store';

// The build reads the routes from router.tsx's source to list each route's first JavaScript
// (build/routePreloads.ts, route-preloads.json). Here that reading is held against the routes
// appRoutes() builds, so a route the reading misses, or places at the wrong path, fails.
const routerFile = resolve(import.meta.dirname, 'router.tsx');
const screens = routeScreens(readFileSync(routerFile, 'utf8'));
const routes = appRoutes(makeStore());

const lazyRoutes = (list: RouteObject[]): RouteObject[] =>
  list.flatMap((route) => [...(route.lazy ? [route] : []), ...lazyRoutes(route.children ?? [])]);
/** A URL of the pattern: '/playlists/:accountId/:playlistId' -> '/playlists/p-1/p-1'. */
const urlOf = (pattern: string) => pattern.replace(/:[\w-]+/g, 'p-1').replace(/\*$/, 'any/thing');

describe('the route preloads of the build', () => {
  it('find every screen route of the router, at the path React Router matches', () => {
    const all = lazyRoutes(routes);
    expect(screens.length).toBeGreaterThan(20);
    expect(screens).toHaveLength(all.length);
    screens.forEach((screen, index) => {
      const matched = matchRoutes(routes, urlOf(screen.path))?.at(-1)?.route;
      expect(matched, screen.path).toBe(all[index]);
    });
  });

  it('name the module each route loads', async () => {
    for (const screen of screens) {
      const route = matchRoutes(routes, urlOf(screen.path))!.at(-1)!.route;
      const load = route.lazy as () => Promise<{ Component: ComponentType }>;
      const { Component } = await load();
      const module = await import(/* @vite-ignore */ resolve(import.meta.dirname, screen.module));
      expect(Object.values(module), screen.path).toContain(Component);
    }
  });
});
