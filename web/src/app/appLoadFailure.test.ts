import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { APP_LOAD_FAILURE, showAppLoadFailure } from './appLoadFailure';

describe('the entry’s message when the app cannot be loaded', () => {
  it('replaces the boot screen with what went wrong and a way to try again', () => {
    const container = document.createElement('div');
    container.innerHTML =
      '<span class="inline-flex"><svg aria-hidden="true"></svg><span>Curator</span></span>' +
      '<div role="status">Loading Curator…</div>';
    document.body.append(container);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });

    showAppLoadFailure(container);

    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('main > span.mb-8 > svg')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Curator could not start' })).toBeInTheDocument();
    expect(screen.getByText(APP_LOAD_FAILURE)).toBeInTheDocument();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(reload).toHaveBeenCalledOnce();
    expect(document.title).toBe('Cannot connect · Curator');
    vi.unstubAllGlobals();
    container.remove();
  });
});
