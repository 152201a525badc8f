import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootScreen } from './layouts/BootScreen';
import { GuestOnlyRoute } from './layouts/GuestOnlyRoute';
import { OnboardingLayout } from './layouts/OnboardingLayout';
import { ProtectedLayout } from './layouts/ProtectedLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import { lazyScreen } from './lazyScreen';
import { RouteErrorScreen } from './RouteErrorScreen';
import { createStartupLoader } from './startupLoader';
import type { AppStore } from './store';

/**
 * Every route. The layouts and the guard are in the first chunk; every
 * screen is its own chunk.
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
              children: [
                {
                  path: 'signin',
                  lazy: lazyScreen(
                    () => import('../features/auth/components/SignInScreen'),
                    'SignInScreen',
                  ),
                },
                {
                  path: 'signup',
                  lazy: lazyScreen(
                    () => import('../features/auth/components/SignUpScreen'),
                    'SignUpScreen',
                  ),
                },
              ],
            },
            {
              path: 'forgotpassword',
              lazy: lazyScreen(
                () => import('../features/auth/components/ForgotPasswordScreen'),
                'ForgotPasswordScreen',
              ),
            },
            {
              path: 'password/reset/:link',
              lazy: lazyScreen(
                () => import('../features/auth/components/ResetPasswordScreen'),
                'ResetPasswordScreen',
              ),
            },
            {
              path: 'termsandconditions',
              lazy: lazyScreen(() => import('../features/legal/TermsScreen'), 'TermsScreen'),
            },
            {
              path: 'privacy',
              lazy: lazyScreen(() => import('../features/legal/PrivacyScreen'), 'PrivacyScreen'),
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
                () => import('../features/onboarding/InvitationScreen'),
                'InvitationScreen',
              ),
            },
            {
              path: 'verify/:code',
              lazy: lazyScreen(
                () => import('../features/onboarding/VerifyEmailScreen'),
                'VerifyEmailScreen',
              ),
            },
            {
              path: 'email/:code',
              lazy: lazyScreen(
                () => import('../features/onboarding/ConfirmEmailScreen'),
                'ConfirmEmailScreen',
              ),
            },
            {
              path: 'undo/:code',
              lazy: lazyScreen(
                () => import('../features/onboarding/UndoChangeScreen'),
                'UndoChangeScreen',
              ),
            },
          ],
        },
        {
          Component: ProtectedLayout,
          children: [
            {
              index: true,
              lazy: lazyScreen(() => import('../features/home/HomeScreen'), 'HomeScreen'),
            },
            {
              path: 'schedule',
              lazy: lazyScreen(() => import('../features/home/ScheduleScreen'), 'ScheduleScreen'),
            },
            {
              path: 'network',
              lazy: lazyScreen(() => import('../features/network/NetworkScreen'), 'NetworkScreen'),
            },
            {
              path: 'network/profile/:userId',
              lazy: lazyScreen(
                () => import('../features/network/NetworkProfileScreen'),
                'NetworkProfileScreen',
              ),
            },
            {
              path: 'messenger',
              lazy: lazyScreen(
                () => import('../features/messenger/MessengerScreen'),
                'MessengerScreen',
              ),
            },
            {
              path: 'messenger/:conversation',
              lazy: lazyScreen(
                () => import('../features/messenger/ConversationScreen'),
                'ConversationScreen',
              ),
            },
            {
              path: 'discovery',
              lazy: lazyScreen(
                () => import('../features/discovery/DiscoveryScreen'),
                'DiscoveryScreen',
              ),
            },
            {
              path: 'discovery/profile/:userId',
              lazy: lazyScreen(
                () => import('../features/discovery/DiscoveryProfileScreen'),
                'DiscoveryProfileScreen',
              ),
            },
            {
              path: 'profile',
              lazy: lazyScreen(() => import('../features/profile/ProfileScreen'), 'ProfileScreen'),
            },
            {
              path: 'profile/:section',
              lazy: lazyScreen(() => import('../features/profile/ProfileScreen'), 'ProfileScreen'),
            },
            {
              path: 'songswap',
              lazy: lazyScreen(
                () => import('../features/songswap/SongSwapsScreen'),
                'SongSwapsScreen',
              ),
            },
            {
              path: 'songswap/:tradeId',
              lazy: lazyScreen(
                () => import('../features/songswap/TradeDetailsScreen'),
                'TradeDetailsScreen',
              ),
            },
            {
              path: 'catalog',
              lazy: lazyScreen(() => import('../features/catalog/CatalogScreen'), 'CatalogScreen'),
            },
            {
              path: 'playlists',
              lazy: lazyScreen(
                () => import('../features/playlists/PlaylistsScreen'),
                'PlaylistsScreen',
              ),
            },
            {
              path: 'playlists/:accountId/:playlistId',
              lazy: lazyScreen(
                () => import('../features/playlists/PlaylistDetailsScreen'),
                'PlaylistDetailsScreen',
              ),
            },
            {
              path: 'spotify',
              lazy: lazyScreen(() => import('../features/spotify/SpotifyScreen'), 'SpotifyScreen'),
            },
            {
              path: 'spotify/callback',
              lazy: lazyScreen(
                () => import('../features/spotify/SpotifyCallbackScreen'),
                'SpotifyCallbackScreen',
              ),
            },
            {
              path: 'account/upgrade',
              lazy: lazyScreen(() => import('../features/upgrade/UpgradeScreen'), 'UpgradeScreen'),
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(store: AppStore) {
  return createBrowserRouter(appRoutes(store));
}
