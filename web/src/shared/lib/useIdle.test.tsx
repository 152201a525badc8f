import { act, renderHook } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubIdleCallbacks } from '../../test/idleCallbacks';
import { IDLE_TIMEOUT_MS, useIdle } from './useIdle';

function IdleText() {
  return <p>{useIdle() ? 'idle' : 'busy'}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useIdle', () => {
  it('is false in a server render', () => {
    expect(renderToString(<IdleText />)).toBe('<p>busy</p>');
  });

  it('hydrates the server’s markup as it is, and turns true once the browser is idle', () => {
    const browser = stubIdleCallbacks();
    const mismatches = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<IdleText />);
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, <IdleText />, { onRecoverableError: mismatches });
    });
    expect(container.innerHTML).toBe('<p>busy</p>');
    expect(mismatches).not.toHaveBeenCalled();

    act(() => browser.beIdle());
    expect(container.innerHTML).toBe('<p>idle</p>');
    act(() => root?.unmount());
  });

  it('is false until the browser is idle after the first commit, then true', () => {
    const browser = stubIdleCallbacks();
    const { result } = renderHook(() => useIdle());
    expect(result.current).toBe(false);
    expect(browser.request).toHaveBeenCalledTimes(1);
    expect(browser.request.mock.calls[0]![1]).toEqual({ timeout: IDLE_TIMEOUT_MS });

    act(() => browser.beIdle());
    expect(result.current).toBe(true);
    expect(browser.waiting()).toBe(0);
    expect(browser.request).toHaveBeenCalledTimes(1);
  });

  it('asks the browser nothing more once the component has gone', () => {
    const browser = stubIdleCallbacks();
    const { unmount } = renderHook(() => useIdle());
    unmount();
    expect(browser.cancel).toHaveBeenCalledWith(browser.request.mock.results[0]!.value);
    expect(browser.waiting()).toBe(0);
  });

  it('waits for a timer of its own where the browser has no idle callbacks', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const { result } = renderHook(() => useIdle());
    expect(result.current).toBe(false);
    act(() => vi.runOnlyPendingTimers());
    expect(result.current).toBe(true);
  });
});
