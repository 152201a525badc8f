import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/renderScreen';
import { stubApi, type StubError } from '../../test/stubApi';
import { ReauthenticationDialog } from './ReauthenticationDialog';
import { TwoFactorSection } from './TwoFactorSection';

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const REAUTHENTICATE_FIRST: StubError = {
  status: 403,
  body: {
    error: {
      code: 'REAUTHENTICATION_REQUIRED',
      message: 'Confirm it is you before this change: enter your password again.',
      details: { windowMinutes: 10 },
    },
  },
};
const SETUP = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:,' };
const UNTIL = { success: true as const, until: '2026-12-06T00:10:00.000Z' };

/** Turning on two-factor sign-in, which the server refuses until the session re-authenticated. */
function stubTurnOn(
  options: {
    totpEnabled?: boolean;
    passkeys?: boolean;
    reauthenticate?: (input: object) => boolean;
  } = {},
) {
  let reauthenticated = false;
  const api = stubApi({
    'security/twofactor': {
      body: { totpEnabled: options.totpEnabled ?? false, recoveryCodesLeft: 0 },
    },
    'security/passkeys': {
      body: {
        available: true,
        passkeys: options.passkeys
          ? [
              {
                id: '6f1c2f54-5a54-4a4e-9a33-0c1d3b1f2e01',
                name: 'Laptop',
                createdAt: '2026-11-20T10:00:00.000Z',
                lastUsedAt: null,
                backedUp: false,
              },
            ]
          : [],
      },
    },
    'security/totp/setup': () => (reauthenticated ? { body: SETUP } : REAUTHENTICATE_FIRST),
    'security/reauthenticate': (input) => {
      if (options.reauthenticate ? options.reauthenticate(input) : true) {
        reauthenticated = true;
        return { body: UNTIL };
      }
      return {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The password is incorrect.',
            fields: { password: 'The password is incorrect.' },
          },
        },
      };
    },
    'security/reauthenticate/passkey/options': {
      body: { options: { challenge: 'cmVhdXRo', allowCredentials: [] } },
    },
  });
  renderScreen(
    <>
      <TwoFactorSection />
      <ReauthenticationDialog />
    </>,
  );
  return api;
}

describe('ReauthenticationDialog', () => {
  it('asks for the password when the server wants it, then carries the change on', async () => {
    const api = stubTurnOn({
      reauthenticate: (input) => (input as { password?: string }).password === 'right one',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(dialog).toHaveTextContent('You won’t be asked again for 10 minutes.');
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(api.callsTo('security/totp/setup')).toHaveLength(1);

    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    // The same call is sent again and the enrolment goes on, without a second click.
    expect(
      await screen.findByRole('img', { name: 'QR code to add Curator to your authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('security/reauthenticate').map((call) => call.body)).toEqual([
      { password: 'wrong' },
      { password: 'right one' },
    ]);
    expect(api.callsTo('security/totp/setup')).toHaveLength(2);
  });

  it('ends the change with its refusal when cancelled, and sends nothing more', async () => {
    const api = stubTurnOn();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(
      await screen.findByText('Confirm it is you before this change: enter your password again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('security/reauthenticate')).toEqual([]);
    expect(api.callsTo('security/totp/setup')).toHaveLength(1);
  });

  it('takes a code from the app instead when two-factor sign-in is on', async () => {
    const api = stubTurnOn({ totpEnabled: true });
    // With TOTP on the section offers turning it off; ask through the gate as a change would.
    const { askToReauthenticate } = await import('../../shared/api/reauthenticationGate');
    const user = userEvent.setup();
    await screen.findByText(/recovery codes/i);
    const answer = askToReauthenticate();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Use a code from your app instead' }),
    );
    await user.type(within(dialog).getByLabelText('Code from your authenticator app'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    expect(api.callsTo('security/reauthenticate')[0]?.body).toEqual({ code: '123456' });
  });

  it('takes one of the account’s passkeys', async () => {
    const assertion = {
      id: 'a2V5',
      rawId: 'a2V5',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'YQ' },
      clientExtensionResults: {},
    };
    browser.startAuthentication.mockResolvedValue(assertion);
    const api = stubTurnOn({ passkeys: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(await within(dialog).findByRole('button', { name: 'Use a passkey' }));
    expect(
      await screen.findByRole('img', { name: 'QR code to add Curator to your authenticator app' }),
    ).toBeInTheDocument();
    expect(api.callsTo('security/reauthenticate')[0]?.body).toEqual({ passkey: assertion });
  });
});
