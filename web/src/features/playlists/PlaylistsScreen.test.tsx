import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildStreamingAccount, buildUser, signedInAuthState } from '../../test/fixtures';
import { initialAppState } from '../../shared/state/appSlice';
import { DEFAULT_FEATURE_FLAGS } from '../../shared/state/featureFlags';
import {
  ACCOUNT_ID,
  buildManaged,
  buildPlaylist,
  buildRemovalDate,
  planLimitError,
} from '../../test/playlistFixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubResponse, type StubRoutes } from '../../test/stubApi';
import { PlaylistsScreen } from './PlaylistsScreen';

const nightDrive = buildPlaylist('night', {
  name: 'Late Night Drive',
  followers: 12840,
  tracksTotal: 300,
});
const rain = buildPlaylist('rain', { name: 'Rain on Glass', followers: null, tracksTotal: 10 });
const followed = buildPlaylist('follow', {
  name: 'Sol’s Summer Heat',
  ownerId: 'sol.ortega',
  ownerName: 'Sol Ortega',
  editable: false,
});

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    'playlists/info': { body: { playlistsInfo: { night: buildManaged('night') } } },
    'playlists/all': {
      body: {
        playlists: [nightDrive],
        limits: { playlists: 2, locksPerPlaylist: 0, managed: 1 },
      },
    },
    'playlists/playlists': { body: { playlists: [nightDrive, rain, followed] } },
    ...overrides,
  };
}

function openPlaylists(user = buildUser({ customer: { plan: 'free' } })) {
  return renderScreen(<PlaylistsScreen />, { path: '/playlists', state: signedInAuthState(user) });
}

const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('li') as HTMLElement;

describe('/playlists', () => {
  it("lists each account's playlists live from Spotify, with the plan's limits", async () => {
    const api = stubApi(routes());
    openPlaylists();

    const night = await rowOf('Late Night Drive');
    expect(night).toHaveTextContent('by Mara Velden');
    expect(night).toHaveTextContent('12,840 followers');
    expect(night).toHaveTextContent('300 tracks');
    expect(night).toHaveTextContent('Public');
    expect(within(night).getByRole('link', { name: 'Late Night Drive' })).toHaveAttribute(
      'href',
      `/playlists/${ACCOUNT_ID}/night`,
    );
    expect(api.callsTo('playlists/playlists')[0]?.body).toEqual({ accountId: ACCOUNT_ID });

    const limits = screen.getByRole('region', { name: /Your limits/ });
    expect(limits).toHaveTextContent('Free plan');
    expect(limits).toHaveTextContent('1 of 2');
    expect(limits).toHaveTextContent('Not included');
    expect(limits).toHaveTextContent('Locks are disabled on this plan.');
  });

  it('shows an unknown follower count as — with the reason, never 0', async () => {
    stubApi(routes());
    openPlaylists();
    const rain = await rowOf('Rain on Glass');
    expect(rain).toHaveTextContent('—');
    expect(rain).toHaveTextContent('Spotify gives no follower count for this playlist');
    expect(rain).not.toHaveTextContent('0 followers');
  });

  it('shows managed and visible from playlists/info, and only editable playlists can be managed', async () => {
    stubApi(routes());
    openPlaylists();
    const night = await rowOf('Late Night Drive');
    expect(within(night).getByRole('switch', { name: 'Manage' })).toBeChecked();
    expect(
      within(night).getByRole('switch', { name: 'Visible to other curators' }),
    ).not.toBeChecked();

    const rain = await rowOf('Rain on Glass');
    expect(within(rain).getByRole('switch', { name: 'Manage' })).not.toBeChecked();
    expect(within(rain).queryByRole('switch', { name: 'Visible to other curators' })).toBeNull();

    const sol = await rowOf('Sol’s Summer Heat');
    const manage = within(sol).getByRole('switch', { name: 'Manage' });
    expect(manage).toBeDisabled();
    expect(manage).toHaveAccessibleDescription(
      'Only playlists this account owns or collaborates on can be managed.',
    );
  });

  it('starts managing with playlists/add and shows the visibility switch', async () => {
    const managed: Record<string, ReturnType<typeof buildManaged>> = {
      night: buildManaged('night'),
    };
    const api = stubApi(
      routes({
        'playlists/info': () => ({ body: { playlistsInfo: managed } }),
        'playlists/add': () => {
          managed.rain = buildManaged('rain');
          return { body: { playlist: rain, playlistInfo: managed.rain } };
        },
      }),
    );
    openPlaylists();
    const row = await rowOf('Rain on Glass');
    await userEvent.setup().click(within(row).getByRole('switch', { name: 'Manage' }));

    expect(
      await within(row).findByRole('switch', { name: 'Visible to other curators' }),
    ).toBeVisible();
    expect(within(row).getByRole('switch', { name: 'Manage' })).toBeChecked();
    expect(api.callsTo('playlists/add')[0]?.body).toEqual({
      accountId: ACCOUNT_ID,
      playlistId: 'rain',
    });
  });

  it('shows a PLAN_LIMIT naming the limit and the plan, with See plans', async () => {
    stubApi(routes({ 'playlists/add': planLimitError('playlists', 2) }));
    openPlaylists();
    const row = await rowOf('Rain on Glass');
    await userEvent.setup().click(within(row).getByRole('switch', { name: 'Manage' }));

    const alert = await within(row).findByRole('alert');
    expect(alert).toHaveTextContent('Your Free plan allows 2 managed playlists, and you have 2.');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/account/upgrade',
    );
    expect(within(row).getByRole('switch', { name: 'Manage' })).not.toBeChecked();
  });

  it('switches visibility with playlists/visibility, and puts it back when refused', async () => {
    let answer: StubResponse<'playlists/visibility'> = {
      body: { playlistId: 'night', visible: true },
    };
    const api = stubApi(routes({ 'playlists/visibility': () => answer }));
    openPlaylists();
    const night = await rowOf('Late Night Drive');
    const visible = within(night).getByRole('switch', { name: 'Visible to other curators' });
    const input = userEvent.setup();

    await input.click(visible);
    await waitFor(() => expect(visible).toBeChecked());
    expect(api.callsTo('playlists/visibility')[0]?.body).toEqual({
      playlistId: 'night',
      visible: true,
    });

    answer = { status: 502, body: { error: { code: 'INTERNAL', message: 'Spotify is down.' } } };
    await input.click(visible);
    expect(await within(night).findByRole('alert')).toHaveTextContent('Spotify is down.');
    expect(visible).toBeChecked();
  });

  it('asks before showing a private playlist, and sends the confirmation', async () => {
    const secret = buildPlaylist('night', { name: 'Late Night Drive', public: false });
    const api = stubApi(
      routes({
        'playlists/all': {
          body: { playlists: [secret], limits: { playlists: 2, locksPerPlaylist: 0, managed: 1 } },
        },
        'playlists/playlists': { body: { playlists: [secret] } },
        'playlists/visibility': { body: { playlistId: 'night', visible: true } },
      }),
    );
    openPlaylists();
    const night = await rowOf('Late Night Drive');
    const visible = within(night).getByRole('switch', { name: 'Visible to other curators' });
    const input = userEvent.setup();

    await input.click(visible);
    const dialog = await screen.findByRole('dialog', {
      name: 'Show Late Night Drive to other curators?',
    });
    expect(dialog).toHaveTextContent('private on Spotify');
    await input.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('playlists/visibility')).toHaveLength(0);
    expect(visible).not.toBeChecked();

    await input.click(visible);
    await input.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Show it' }),
    );
    await waitFor(() => expect(visible).toBeChecked());
    expect(api.callsTo('playlists/visibility')[0]?.body).toEqual({
      playlistId: 'night',
      visible: true,
      confirmPrivate: true,
    });
  });

  it('stops managing with playlists/remove, after asking, since its follower history is lost', async () => {
    let managed = { night: buildManaged('night') };
    const api = stubApi(
      routes({
        'playlists/info': () => ({ body: { playlistsInfo: managed } }),
        'playlists/remove': () => {
          managed = {} as typeof managed;
          return { body: { success: true, playlistId: 'night' } };
        },
      }),
    );
    openPlaylists();
    const input = userEvent.setup();
    const night = await rowOf('Late Night Drive');
    const manage = within(night).getByRole('switch', { name: 'Manage' });

    await input.click(manage);
    const asked = await screen.findByRole('dialog', { name: 'Stop managing Late Night Drive?' });
    expect(asked).toHaveTextContent(/its follower history/);
    await input.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(manage).toBeChecked();
    expect(api.callsTo('playlists/remove')).toHaveLength(0);

    await input.click(manage);
    const again = await screen.findByRole('dialog', { name: 'Stop managing Late Night Drive?' });
    await input.click(within(again).getByRole('button', { name: 'Stop managing' }));
    await waitFor(() =>
      expect(within(night).getByRole('switch', { name: 'Manage' })).not.toBeChecked(),
    );
    expect(api.callsTo('playlists/remove')[0]?.body).toEqual({ playlistId: 'night' });
  });

  it('names the locks and removal dates that stopping managing deletes', async () => {
    stubApi(
      routes({
        'playlists/info': {
          body: {
            playlistsInfo: {
              night: buildManaged('night', {
                lockPositions: {
                  '0': { trackId: 'trackA', trackName: 'Night Swim' },
                  '4': { trackId: 'trackD', trackName: 'Low Tide' },
                },
                trackRemovalDates: [buildRemovalDate('trackB', 'night')],
              }),
            },
          },
        },
      }),
    );
    openPlaylists();
    const night = await rowOf('Late Night Drive');
    await userEvent.setup().click(within(night).getByRole('switch', { name: 'Manage' }));
    const asked = await screen.findByRole('dialog', { name: 'Stop managing Late Night Drive?' });
    expect(asked).toHaveTextContent('its follower history');
    expect(asked).toHaveTextContent('2 locked positions');
    expect(asked).toHaveTextContent('1 removal date');
    expect(asked).toHaveTextContent('The playlist itself stays as it is on Spotify.');
  });

  it('promises track removals only while the trackRemovaleDate flag is on', async () => {
    stubApi(routes());
    const withFlag = (on: boolean) => ({
      app: {
        ...initialAppState,
        featureFlags: { ...DEFAULT_FEATURE_FLAGS, trackRemovaleDate: on },
      },
    });
    const off = renderScreen(<PlaylistsScreen />, {
      path: '/playlists',
      state: { ...signedInAuthState(buildUser()), ...withFlag(false) },
    });
    const description = () => screen.getByRole('heading', { name: 'Playlists' }).parentElement!;
    expect(description()).toHaveTextContent('follow its followers');
    expect(description()).toHaveTextContent('lock tracks at their positions');
    expect(description()).not.toHaveTextContent(/removal|tracks leave/);
    off.unmount();

    renderScreen(<PlaylistsScreen />, {
      path: '/playlists',
      state: { ...signedInAuthState(buildUser()), ...withFlag(true) },
    });
    expect(description()).toHaveTextContent('plan when tracks leave');
  });

  it('says locks come with paid plans where the plan has none', async () => {
    stubApi(routes());
    openPlaylists(buildUser({ customer: { plan: 'free' }, accounts: [] }));
    const promise = screen.getByText(/Once a Spotify account is connected/);
    expect(promise).toHaveTextContent('locking tracks at their positions comes with paid plans');
    expect(screen.getByRole('heading', { name: 'Playlists' }).parentElement).toHaveTextContent(
      'locking tracks at their positions comes with paid plans',
    );
  });

  it('shows a failed Spotify read with a retry', async () => {
    let fail = true;
    stubApi(
      routes({
        'playlists/playlists': () =>
          fail
            ? {
                status: 502,
                body: { error: { code: 'INTERNAL', message: 'Spotify did not answer.' } },
              }
            : { body: { playlists: [rain] } },
      }),
    );
    openPlaylists();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Spotify did not answer.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Rain on Glass' })).toBeVisible();
  });

  it('offers to connect an account when none is linked', () => {
    const api = stubApi({});
    openPlaylists(buildUser({ accounts: [] }));
    expect(screen.getByText('Connect a Spotify account to manage your playlists')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Connect Spotify Account' })).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('asks an account that needs re-authorisation to be authorised again instead of reading it', async () => {
    const api = stubApi(routes());
    openPlaylists(buildUser({ accounts: [buildStreamingAccount({ regrant: true })] }));
    expect(await screen.findByText('This account needs to be authorised again')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Re-authorise' })).toBeVisible();
    expect(api.callsTo('playlists/playlists')).toHaveLength(0);
  });
});
