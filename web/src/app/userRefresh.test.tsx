import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Startup } from '../../../common/api/user.js';
import { buildMeta, buildUser } from '../test/fixtures';
import { currentPath, renderApp } from '../test/renderApp';
import { stubApi } from '../test/stubApi';
import { USER_REFRESH_INTERVAL_MS } from './layouts/SignedInShell';

afterEach(() => {
  vi.useRealTimers();
});

describe("refreshing the user's own data while signed in", () => {
  it('asks GET /api/ again every 60 s and shows what changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = { user: buildUser({ name: 'Ada Lovelace' }), meta: buildMeta() };
    const api = stubApi({ startup: () => ({ body: answer }) });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    expect(api.callsTo('startup')).toHaveLength(1);

    answer = { user: buildUser({ name: 'Ada King' }), meta: buildMeta({ daysLeft: 3 }) };
    await vi.advanceTimersByTimeAsync(USER_REFRESH_INTERVAL_MS);

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada King' })).toBeInTheDocument();
    expect(await screen.findByText('You have 3 days left in your trial')).toBeInTheDocument();
    expect(api.callsTo('startup')).toHaveLength(2);
  });

  it('sends the user to sign in, with a way back, when the session ended elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: Startup = { user: buildUser(), meta: buildMeta() };
    stubApi({ startup: () => ({ body: answer }) });
    const { router, store } = renderApp('/catalog');
    await screen.findByRole('heading', { name: 'Song Catalog' });

    answer = { user: null, meta: null };
    await vi.advanceTimersByTimeAsync(USER_REFRESH_INTERVAL_MS);

    await screen.findByRole('heading', { name: 'Sign in to Curator' });
    expect(currentPath(router)).toBe('/signin?redirect=%2Fcatalog');
    expect(store.getState().auth.user).toBeNull();
  });
});
