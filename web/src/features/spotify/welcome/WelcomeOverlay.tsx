import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/Button';
import { NetworkIcon, PlaylistIcon, SwapIcon } from '../../../shared/ui/icons';
import { startSpotifyAuthorization } from '../startSpotifyAuthorization';

/** Where 'I'll do this later' leads. */
export const LATER_PATH = '/profile/spotify';

const BENEFITS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <PlaylistIcon className="size-5" />,
    title: 'Track playlist performance',
    text: 'Follower history, duplicates and insights for the playlists you manage.',
  },
  {
    icon: <SwapIcon className="size-5" />,
    title: 'Collaborate with other curators',
    text: 'Swap songs and place them in each other’s playlists.',
  },
  {
    icon: <NetworkIcon className="size-5" />,
    title: 'Access the curatorial network',
    text: 'Find curators to work with, and be found by them.',
  },
];

/**
 * The welcome overlay. Closing it any way but connecting (the link,
 * Escape) counts as skipping it for this browser session.
 */
export function WelcomeOverlay({ userName, onSkip }: { userName: string; onSkip: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onSkip()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60 backdrop-blur-[2px]" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
          <Dialog.Title className="text-2xl font-semibold tracking-tight text-slate-900">
            Welcome, {userName}!
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            To get started, you need to connect at least one streaming account. Connecting your
            Spotify account lets you:
          </Dialog.Description>
          <ul className="mt-6 space-y-4">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
                  {benefit.icon}
                </span>
                <span className="text-sm">
                  <span className="block font-semibold text-slate-900">{benefit.title}</span>
                  <span className="block text-slate-600">{benefit.text}</span>
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-col items-center gap-3">
            <Button
              fullWidth
              className="bg-emerald-600 hover:bg-emerald-700 focus-visible:outline-emerald-600"
              onClick={() => startSpotifyAuthorization()}
            >
              Connect Spotify Account
            </Button>
            <Link
              to={LATER_PATH}
              onClick={onSkip}
              className="rounded text-sm font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline"
            >
              I'll do this later
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
