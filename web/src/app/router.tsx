import { createBrowserRouter, type HydrationState, type RouteObject } from 'react-router';
import { BootScreen } from './layouts/BootScreen';
import { GuestOnlyRoute } from './layouts/GuestOnlyRoute';
import { OnboardingLayout } from './layouts/OnboardingLayout';
import { ProtectedLayout } from './layouts/ProtectedLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import { lazyScreen } from './lazyScreen';
import { RouteErrorScreen } from './RouteErrorScreen';
import { createGuestOnlyLoader, createProtectedLoader, createStartupLoader } from './startupLoader';
import type { AppStore } from './store';

/**
 * Every route. The layouts and the guard are in the first chunk; every screen is its own
 * chunk. The same routes render a page on the server (renderPage.tsx) and run in the browser.
 */
export function appRoutes(store: AppStore): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: createStartupLoader(store),
      // Who is signed in is asked once; after that the store is kept current.
      shouldRevalidate: () => false,
      HydrateFallback: BootScreen,
      Component: RootLayout,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          Component: PublicLayout,
          children: [
            {
              Component: GuestOnlyRoute,
              loader: createGuestOnlyLoader(store),
              children: [
                {
                  path: 'signin',
                  lazy: lazyScreen(
                    store,
                    () => import('../features/auth/components/SignInScreen'),
                    'SignInScreen',
                  ),
                },
                {
                  path: 'signup',
                  lazy: lazyScreen(
                    store,
                    () => import('../features/auth/components/SignUpScreen'),
                    'SignUpScreen',
                  ),
                },
              ],
            },
            {
              path: 'forgotpassword',
              lazy: lazyScreen(
                store,
                () => import('../features/auth/components/ForgotPasswordScreen'),
                'ForgotPasswordScreen',
              ),
            },
            {
              path: 'password/reset/:link',
              lazy: lazyScreen(
                store,
                () => import('../features/auth/components/ResetPasswordScreen'),
                'ResetPasswordScreen',
              ),
            },
            {
              path: 'termsandconditions',
              lazy: lazyScreen(store, () => import('../features/legal/TermsScreen'), 'TermsScreen'),
            },
            {
              path: 'privacy',
              lazy: lazyScreen(
                store,
                () => import('../features/legal/PrivacyScreen'),
                'PrivacyScreen',
              ),
            },
          ],
        },
        {
          path: 'onboarding',
          Component: OnboardingLayout,
          children: [
            {
              path: 'invite/:invitation',
              lazy: lazyScreen(
                store,
                () => import('../features/onboarding/InvitationScreen'),
                'InvitationScreen',
              ),
            },
            {
              path: 'verify/:code',
              lazy: lazyScreen(
                store,
                () => import('../features/onboarding/VerifyEmailScreen'),
                'VerifyEmailScreen',
              ),
            },
            {
              path: 'email/:code',
              lazy: lazyScreen(
                store,
                () => import('../features/onboarding/ConfirmEmailScreen'),
                'ConfirmEmailScreen',
              ),
            },
            {
              path: 'undo/:code',
              lazy: lazyScreen(
                store,
                () => import('../features/onboarding/UndoChangeScreen'),
                'UndoChangeScreen',
              ),
            },
          ],
        },
        {
          Component: ProtectedLayout,
          loader: createProtectedLoader(store),
          children: [
            {
              index: true,
              lazy: lazyScreen(store, () => import('../features/home/HomeScreen'), 'HomeScreen'),
            },
            {
              path: 'schedule',
              lazy: lazyScreen(
                store,
                () => import('../features/home/ScheduleScreen'),
                'ScheduleScreen',
              ),
            },
            {
              path: 'network',
              lazy: lazyScreen(
                store,
                () => import('../features/network/NetworkScreen'),
                'NetworkScreen',
              ),
            },
            {
              path: 'network/profile/:userId',
              lazy: lazyScreen(
                store,
                () => import('../features/network/NetworkProfileScreen'),
                'NetworkProfileScreen',
              ),
            },
            {
              path: 'messenger',
              lazy: lazyScreen(
                store,
                () => import('../features/messenger/MessengerScreen'),
                'MessengerScreen',
              ),
            },
            {
              path: 'messenger/:conversation',
              lazy: lazyScreen(
                store,
                () => import('../features/messenger/ConversationScreen'),
                'ConversationScreen',
              ),
            },
            {
              path: 'discovery',
              lazy: lazyScreen(
                store,
                () => import('../features/discovery/DiscoveryScreen'),
                'DiscoveryScreen',
              ),
            },
            {
              path: 'discovery/profile/:userId',
              lazy: lazyScreen(
                store,
                () => import('../features/discovery/DiscoveryProfileScreen'),
                'DiscoveryProfileScreen',
              ),
            },
            {
              path: 'profile',
              lazy: lazyScreen(
                store,
                () => import('../features/profile/ProfileScreen'),
                'ProfileScreen',
              ),
            },
            {
              path: 'profile/:section',
              lazy: lazyScreen(
                store,
                () => import('../features/profile/ProfileScreen'),
                'ProfileScreen',
              ),
            },
            {
              path: 'songswap',
              lazy: lazyScreen(
                store,
                () => import('../features/songswap/SongSwapsScreen'),
                'SongSwapsScreen',
              ),
            },
            {
              path: 'songswap/:tradeId',
              lazy: lazyScreen(
                store,
                () => import('../features/songswap/TradeDetailsScreen'),
                'TradeDetailsScreen',
              ),
            },
            {
              path: 'catalog',
              lazy: lazyScreen(
                store,
                () => import('../features/catalog/CatalogScreen'),
                'CatalogScreen',
              ),
            },
            {
              path: 'playlists',
              lazy: lazyScreen(
                store,
                () => import('../features/playlists/PlaylistsScreen'),
                'PlaylistsScreen',
              ),
            },
            {
              path: 'playlists/:accountId/:playlistId',
              lazy: lazyScreen(
                store,
                () => import('../features/playlists/PlaylistDetailsScreen'),
                'PlaylistDetailsScreen',
              ),
            },
            {
              path: 'spotify',
              lazy: lazyScreen(
                store,
                () => import('../features/spotify/SpotifyScreen'),
                'SpotifyScreen',
              ),
            },
            {
              path: 'spotify/callback',
              lazy: lazyScreen(
                store,
                () => import('../features/spotify/SpotifyCallbackScreen'),
                'SpotifyCallbackScreen',
              ),
            },
            {
              path: 'account/upgrade',
              lazy: lazyScreen(
                store,
                () => import('../features/upgrade/UpgradeScreen'),
                'UpgradeScreen',
              ),
            },
          ],
        },
      ],
    },
  ];
}

/** The browser's router; `hydrationData` is the server's, for a page it rendered. */
export function createAppRouter(
  store: AppStore,
  routes = appRoutes(store),
  hydrationData?: HydrationState,
) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}
