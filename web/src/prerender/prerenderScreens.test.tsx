import { describe, expect, it, vi } from 'vitest';
import { PRERENDERED_PATHS } from '../../../common/build/prerenderedScreens';
import { prerenderScreens } from './prerenderScreens';

describe('the screens rendered at build time', () => {
  it('renders the sign-in screen in its layout, signed out, without asking the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const screens = await prerenderScreens();
    expect(Object.keys(screens)).toEqual([...PRERENDERED_PATHS]);

    const page = document.createElement('div');
    page.innerHTML = screens['/signin']!;
    expect(page.querySelector('h1')?.textContent).toBe('Sign in to Curator');
    expect(page.querySelector('input[type=email][autocomplete=email]')).not.toBeNull();
    expect(
      page.querySelector('input[type=password][autocomplete=current-password]'),
    ).not.toBeNull();
    expect(page.querySelector('button[type=submit]')?.textContent).toBe('Sign in');
    expect(page.querySelector('footer')).not.toBeNull();
    expect(page.textContent).not.toMatch(/Loading/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
