import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSignInNotice } from '../features/auth/signInNotice';
import type { Startup } from '../../../common/api/user.js';
import { buildMeta, buildUser } from '../test/fixtures';
import { currentPath, renderApp } from '../test/renderApp';
import { signedOutStartup, stubApi } from '../test/stubApi';
import { USER_REFRESH_INTERVAL_MS } from './layouts/SignedInShell';

const user = buildUser();
const meta = buildMeta();
const SESSION_ENDED = 'Your session has ended. Sign in again to continue.';
/** Screens are lazy chunks: on a busy machine the first load can take longer than a second. */
const LAZY = { timeout: 5000 };
/** A whole journey through several lazy screens: more than the default 5 s on a busy machine. */
const JOURNEY_TIMEOUT_MS = 20_000;

afterEach(() => {
  vi.useRealTimers();
  clearSignInNotice();
});

/** The notice is announced politely (role status), not as an error. */
function noticeShown(): boolean {
  return screen.queryByText(SESSION_ENDED)?.closest('[role="status"]') != null;
}

async function signInAgain() {
  const input = userEvent.setup();
  await input.click(screen.getByLabelText('E-mail'));
  await input.paste(user.email);
  await input.click(screen.getByLabelText('Password'));
  await input.paste('correct horse');
  await input.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('a session that ends by itself', () => {
  it(
    'says so on the sign-in screen when a call answers UNAUTHENTICATED, and leads back after signing in',
    async () => {
      stubApi({
        startup: { body: { user, meta } },
        'auth/profile': {
          status: 401,
          body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } },
        },
        'auth/signin': { body: { user, meta } },
      });
      const { router } = renderApp('/profile');
      await screen.findByRole('heading', { name: 'Your Profile' }, LAZY);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Save changes' }));

      await screen.findByRole('heading', { name: 'Sign in to Curator' }, LAZY);
      expect(currentPath(router)).toBe('/signin?redirect=%2Fprofile');
      expect(noticeShown()).toBe(true);

      await signInAgain();
      await screen.findByRole('heading', { name: 'Your Profile' }, LAZY);
      expect(currentPath(router)).toBe('/profile');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'says so when GET /api/ no longer knows the user',
    async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let answer: Startup = { user, meta };
      stubApi({ startup: () => ({ body: answer }) });
      const { router } = renderApp('/catalog');
      await screen.findByRole('heading', { name: 'Song Catalog' }, LAZY);

      answer = { user: null, meta: null };
      await vi.advanceTimersByTimeAsync(USER_REFRESH_INTERVAL_MS);

      await screen.findByRole('heading', { name: 'Sign in to Curator' }, LAZY);
      expect(noticeShown()).toBe(true);
      expect(currentPath(router)).toBe('/signin?redirect=%2Fcatalog');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('says nothing of the kind to a visitor who was not signed in', async () => {
    stubApi({ startup: signedOutStartup });
    renderApp('/catalog');
    await screen.findByRole('heading', { name: 'Sign in to Curator' }, LAZY);
    expect(noticeShown()).toBe(false);
    expect(screen.queryByText(SESSION_ENDED)).toBeNull();
  });

  it(
    'says nothing of the kind after signing out on purpose',
    async () => {
      stubApi({
        startup: { body: { user, meta } },
        'auth/signout': { body: { success: true } },
      });
      const { router } = renderApp('/');
      await screen.findByRole('heading', { name: `Welcome, ${user.name}` }, LAZY);
      const input = userEvent.setup();
      await input.click(
        await screen.findByRole('button', { name: `Account menu for ${user.name}` }),
      );
      await input.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
      await screen.findByRole('heading', { name: 'Sign in to Curator' }, LAZY);
      expect(currentPath(router)).toBe('/signin');
      expect(noticeShown()).toBe(false);
      expect(screen.queryByText(SESSION_ENDED)).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
