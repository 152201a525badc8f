import { describe, expect, it, vi } from 'vitest';
import { PRERENDERED_PATHS } from '../../../common/build/prerenderedScreens';
import { prerenderScreens } from './prerenderScreens';

describe('the screens rendered at build time', () => {
  it('renders the sign-in screen in its layout, signed out, without asking the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const screens = await prerenderScreens();
    expect(Object.keys(screens)).toEqual([...PRERENDERED_PATHS]);

    const page = document.createElement('div');
    page.innerHTML = screens['/signin']!.html;
    expect(screens['/signin']!.title).toBe('Sign in · Curator');
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

  it.each([
    ['/signup', 'Create your account', 'Create account', 'Sign up · Curator'],
    ['/forgotpassword', 'Forgot your password?', 'Send reset link', 'Forgot password · Curator'],
  ])('renders %s with its form and title', async (path, heading, submit, title) => {
    const screen = (await prerenderScreens())[path]!;
    const page = document.createElement('div');
    page.innerHTML = screen.html;
    expect(screen.title).toBe(title);
    expect(page.querySelector('h1')?.textContent).toBe(heading);
    expect(page.querySelector('input[type=email][autocomplete=email]')).not.toBeNull();
    expect(page.querySelector('button[type=submit]')?.textContent).toBe(submit);
    expect(page.textContent).not.toMatch(/Loading/);
  });

  it.each([
    ['/termsandconditions', 'Terms and Conditions'],
    ['/privacy', 'Privacy Policy'],
  ])('renders %s with its whole text, its links and its title', async (path, heading) => {
    const screen = (await prerenderScreens())[path]!;
    const page = document.createElement('div');
    page.innerHTML = screen.html;
    expect(screen.title).toBe(`${heading} · Curator`);
    expect(page.querySelector('h1')?.textContent).toBe(heading);
    expect(page.querySelectorAll('main p').length).toBeGreaterThan(3);
    expect(page.querySelector('footer a[href="/privacy"]')).not.toBeNull();
  });
});
