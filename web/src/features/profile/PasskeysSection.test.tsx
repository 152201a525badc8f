import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/renderScreen';
import { stubApi } from '../../test/stubApi';
import { PasskeysSection } from './PasskeysSection';

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const LAPTOP = {
  id: '6f1c2f54-5a54-4a4e-9a33-0c1d3b1f2e01',
  name: 'Chrome 140 on Linux',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-22T08:30:00.000Z',
  backedUp: false,
};

/** WebAuthn creation options as the server makes them (@simplewebauthn/server). */
const CREATION_OPTIONS = {
  challenge: 'YQ',
  rp: { name: 'Curator', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'ada@example.com', displayName: 'Ada Lovelace' },
  pubKeyCredParams: [{ type: 'public-key' as const, alg: -7 }],
};

describe('PasskeysSection', () => {
  it('lists passkeys with when they were added and last used', async () => {
    stubApi({ 'security/passkeys': { body: { available: true, passkeys: [LAPTOP] } } });
    renderScreen(<PasskeysSection />);
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Chrome 140 on Linux');
    expect(item).toHaveTextContent('Added November 20, 2026 · last used November 22, 2026');
  });

  it('asks before removing a passkey, and removes it only when confirmed', async () => {
    const api = stubApi({
      'security/passkeys': { body: { available: true, passkeys: [LAPTOP] } },
      'security/passkey/remove': { body: { success: true } },
    });
    renderScreen(<PasskeysSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Chrome 140 on Linux' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('security/passkey/remove')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Chrome 140 on Linux' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Remove passkey',
      }),
    );
    await vi.waitFor(() => expect(api.callsTo('security/passkey/remove')).toHaveLength(1));
    expect(api.callsTo('security/passkey/remove')[0]?.body).toEqual({ id: LAPTOP.id });
  });

  it('adds a passkey through the browser prompt', async () => {
    const attestation = {
      id: 'bmV3',
      rawId: 'bmV3',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'o2NmbXQ' },
      clientExtensionResults: {},
    };
    browser.startRegistration.mockResolvedValue(attestation);
    const api = stubApi({
      'security/passkeys': { body: { available: true, passkeys: [] } },
      'security/passkey/register/options': { body: { options: CREATION_OPTIONS } },
      'security/passkey/register': { body: { passkey: { ...LAPTOP, lastUsedAt: null } } },
    });
    renderScreen(<PasskeysSection />);
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey "Chrome 140 on Linux" added.')).toBeInTheDocument();
    expect(browser.startRegistration).toHaveBeenCalledWith({ optionsJSON: CREATION_OPTIONS });
    expect(api.callsTo('security/passkey/register')[0]?.body).toEqual({
      response: attestation,
    });
  });

  it('explains that an IP address cannot use passkeys, and offers no button', async () => {
    stubApi({ 'security/passkeys': { body: { available: false, passkeys: [] } } });
    renderScreen(<PasskeysSection />);
    expect(await screen.findByText(/Passkeys need a host name in the address/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});
