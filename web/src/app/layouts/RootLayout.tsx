import { Outlet, ScrollRestoration, useLoaderData } from 'react-router';
import { CrashBoundary } from '../crash/CrashBoundary';
import type { StartupLoaderData } from '../startupLoader';
import { NavigationProgress } from './NavigationProgress';
import { StartupErrorScreen } from './StartupErrorScreen';

/**
 * Every route sits under this layout (spec section 2). Presence belongs here: the realtime
 * issue announces the user's presence and keeps online status fresh from this component,
 * so it runs on every screen.
 */
export function RootLayout() {
  const { startupError } = useLoaderData() as StartupLoaderData;
  if (startupError) return <StartupErrorScreen error={startupError} />;
  return (
    <>
      <NavigationProgress />
      {/* Catches crashes of the layouts themselves; each layout keeps its screens in a
          ScreenCrashBoundary that starts over on navigation. */}
      <CrashBoundary>
        <Outlet />
      </CrashBoundary>
      <ScrollRestoration />
    </>
  );
}
