import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const api = stubApi({ 'GET /api/': () => ({ body: answer }) });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace' });
    expect(api.callsTo('/api/')).toHaveLength(1);

    answer = { user: buildUser({ name: 'Ada King' }), meta: buildMeta({ daysLeft: 3 }) };
    await vi.advanceTimersByTimeAsync(USER_REFRESH_INTERVAL_MS);

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada King' })).toBeInTheDocument();
    expect(await screen.findByText('You have 3 days left in your trial')).toBeInTheDocument();
    expect(api.callsTo('/api/')).toHaveLength(2);
  });

  it('sends the user to sign in, with a way back, when the session ended elsewhere', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: { user: unknown; meta: unknown } = { user: buildUser(), meta: buildMeta() };
    stubApi({ 'GET /api/': () => ({ body: answer }) });
    const { router, store } = renderApp('/catalog');
    await screen.findByRole('heading', { name: 'Song Catalog' });

    answer = { user: null, meta: null };
    await vi.advanceTimersByTimeAsync(USER_REFRESH_INTERVAL_MS);

    await screen.findByRole('heading', { name: 'Sign in to Curator' });
    expect(currentPath(router)).toBe('/signin?redirect=%2Fcatalog');
    expect(store.getState().auth.user).toBeNull();
  });
});
