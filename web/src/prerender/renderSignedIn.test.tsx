import { describe, expect, it, vi } from 'vitest';
import { buildMeta, buildStreamingAccount, buildUser } from '../test/fixtures';
import { renderSignedIn } from './renderSignedIn';

const asPage = (html: string) => {
  const page = document.createElement('div');
  page.innerHTML = html;
  return page;
};

describe('a signed-in screen rendered on the server', () => {
  it('renders the home in the shell from the start-up answer alone, asking nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = buildUser({ name: 'Mara <Velden>' });
    const screen = await renderSignedIn('/', { user, meta: buildMeta({ daysLeft: 3 }) });

    expect(screen?.title).toBe('Home · Curator');
    const page = asPage(screen!.html);
    expect(page.querySelector('h1')?.textContent).toBe('Welcome, Mara <Velden>');
    expect(screen!.html).not.toContain('<Velden>');
    expect(page.querySelector('nav a[href="/playlists"]')).not.toBeNull();
    expect(page.querySelector('[aria-label="Account menu for Mara <Velden>"]')).not.toBeNull();
    expect(page.textContent).toMatch(/3 days left/);
    expect(page.querySelector('template')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the first step to a curator with no Spotify account', async () => {
    const screen = await renderSignedIn('/', {
      user: buildUser({ accounts: [] }),
      meta: buildMeta(),
    });
    expect(asPage(screen!.html).textContent).toMatch(/First step: connect a Spotify account/);
  });

  it('renders nothing where the guard sends the curator elsewhere', async () => {
    const accounts = [
      buildStreamingAccount({ id: 'a', regrant: true }),
      buildStreamingAccount({ id: 'b', regrant: true }),
    ];
    expect(
      await renderSignedIn('/', { user: buildUser({ accounts }), meta: buildMeta() }),
    ).toBeNull();
  });
});
