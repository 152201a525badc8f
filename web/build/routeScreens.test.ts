// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { routeScreens } from './routeScreens';

const router = `
export function appRoutes(store: AppStore): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      loader: createStartupLoader(store),
      errorElement: <RouteErrorScreen />,
      children: [
        {
          Component: PublicLayout,
          children: [
            { path: 'signin', lazy: lazyScreen(() => import('../features/auth/SignIn'), 'SignIn') },
          ],
        },
        {
          path: 'onboarding',
          Component: OnboardingLayout,
          children: [{ path: 'verify/:code', lazy: () => import('../features/onboarding/Verify') }],
        },
        { index: true, lazy: lazyScreen(() => import('../features/home/Home'), 'Home') },
        { path: '/absolute/:id', lazy: lazyScreen(() => import('./Absolute'), 'Absolute') },
        { path: '*', lazy: lazyScreen(() => import('./NotFound'), 'NotFound') },
      ],
    },
  ];
}`;

describe('reading the routes of the router', () => {
  it('gives each lazy route its full path, the module it loads and the layouts around it, as React Router joins paths', () => {
    expect(routeScreens(router)).toEqual([
      {
        path: '/signin',
        module: '../features/auth/SignIn',
        layouts: ['RootLayout', 'PublicLayout'],
      },
      {
        path: '/onboarding/verify/:code',
        module: '../features/onboarding/Verify',
        layouts: ['RootLayout', 'OnboardingLayout'],
      },
      { path: '/', module: '../features/home/Home', layouts: ['RootLayout'] },
      { path: '/absolute/:id', module: './Absolute', layouts: ['RootLayout'] },
      { path: '/*', module: './NotFound', layouts: ['RootLayout'] },
    ]);
  });

  it('fails on a route it cannot read, rather than leave it out', () => {
    expect(() => routeScreens(`[{ path: base + 'x', lazy: () => import('./X') }]`)).toThrow(
      /router.tsx:1: a route's path must be a string literal/,
    );
    expect(() => routeScreens(`[{ path: 'x', lazy: loadX }]`)).toThrow(
      /the lazy loader of \/x has no import/,
    );
    expect(() => routeScreens(`[{ path, lazy: () => import('./X') }]`)).toThrow(
      /write a route's path as `path: …`/,
    );
  });
});
