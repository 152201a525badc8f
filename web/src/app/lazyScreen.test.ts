import { describe, expect, it, vi } from 'vitest';
import { sendBrowserToRootAfterLoadFailure } from '../shared/lib/loadOrSendToRoot';
import { lazyScreen } from './lazyScreen';
import { makeStore } from './store';

describe('screen load failure', () => {
  it("sends the browser to '/' when a screen fails to load", () => {
    const assign = vi.fn();
    expect(sendBrowserToRootAfterLoadFailure({ now: 1_000_000, assign })).toBe(true);
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('does not send it again moments later, so a broken build cannot reload forever', () => {
    const assign = vi.fn();
    sendBrowserToRootAfterLoadFailure({ now: 1_000_000, assign });
    expect(sendBrowserToRootAfterLoadFailure({ now: 1_005_000, assign })).toBe(false);
    expect(sendBrowserToRootAfterLoadFailure({ now: 1_011_000, assign })).toBe(true);
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('lets the route error screen show the failure when it just reloaded', async () => {
    sendBrowserToRootAfterLoadFailure({ now: Date.now(), assign: () => {} });
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const load = lazyScreen(makeStore(), () => Promise.reject(failure), 'Screen' as never);
    await expect(load()).rejects.toBe(failure);
  });

  it('gives the route the named component of a loaded module', async () => {
    const Screen = () => null;
    const load = lazyScreen(makeStore(), () => Promise.resolve({ Screen }), 'Screen');
    await expect(load()).resolves.toEqual({ Component: Screen });
  });
});
