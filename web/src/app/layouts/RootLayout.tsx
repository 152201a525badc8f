import { Outlet, ScrollRestoration, useLoaderData } from 'react-router';
import { CrashBoundary } from '../crash/CrashBoundary';
import { RealtimePresence } from '../realtime/RealtimePresence';
import type { StartupLoaderData } from '../startupLoader';
import { NavigationProgress } from './NavigationProgress';
import { StartupErrorScreen } from './StartupErrorScreen';

/**
 * Every route sits under this layout. Presence belongs here: once a user is
 * signed in, RealtimePresence opens the realtime channel, announces presence and keeps
 * online status fresh, on every screen.
 */
export function RootLayout() {
  const { startupError } = useLoaderData() as StartupLoaderData;
  if (startupError) return <StartupErrorScreen error={startupError} />;
  return (
    <>
      <NavigationProgress />
      <RealtimePresence />
      {/* Catches crashes of the layouts themselves; each layout keeps its screens in a
          ScreenCrashBoundary that starts over on navigation. */}
      <CrashBoundary>
        <Outlet />
      </CrashBoundary>
      <ScrollRestoration />
    </>
  );
}
