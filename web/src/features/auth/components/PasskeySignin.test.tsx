import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMeta, buildUser } from '../../../test/fixtures';
import { renderScreen } from '../../../test/renderScreen';
import { stubApi } from '../../../test/stubApi';
import { SignInScreen } from './SignInScreen';

const browser = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
  browserSupportsWebAuthn: vi.fn(() => true),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const OPTIONS = { challenge: 'c2lnbi1pbi1jaGFsbGVuZ2U', rpId: 'localhost', timeout: 60000 };
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'c2ln' },
  clientExtensionResults: {},
};
const SIGNED_IN = { user: buildUser(), meta: buildMeta() };

beforeEach(() => {
  browser.startAuthentication.mockReset();
});

describe('signing in with a passkey', () => {
  it('signs in without a password: options without a pending token, the prompt, the assertion', async () => {
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const api = stubApi({
      'security/passkey/signin/options': { body: { options: OPTIONS } },
      'security/passkey/signin': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'This passkey could not sign you in. Please try again.',
            fields: { response: 'x' },
          },
        },
      },
    });
    renderScreen(<SignInScreen />, { path: '/signin' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This passkey could not sign you in. Please try again.',
    );
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(api.callsTo('security/passkey/signin/options')[0]?.body).toEqual({
      pendingToken: null,
    });
    expect(api.callsTo('security/passkey/signin')[0]?.body).toEqual({ response: ASSERTION });
  });

  it('says so when the prompt is closed, and sends nothing to sign in', async () => {
    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error('closed'), { name: 'NotAllowedError' }),
    );
    const api = stubApi({
      'security/passkey/signin/options': { body: { options: OPTIONS } },
    });
    renderScreen(<SignInScreen />, { path: '/signin' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey prompt was closed or timed out. Try again.',
    );
    expect(api.callsTo('security/passkey/signin')).toEqual([]);
  });

  it('offers "Use a passkey" at the second step only when the user has one, bound to the pending sign-in', async () => {
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const api = stubApi({
      'auth/signin': {
        body: { secondFactor: { pendingToken: 'p'.repeat(43), methods: ['totp', 'passkey'] } },
      },
      'security/passkey/signin/options': { body: { options: OPTIONS } },
      'security/passkey/signin': { body: SIGNED_IN },
    });
    renderScreen(<SignInScreen />, { path: '/signin' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('form', { name: 'Two-factor sign-in' });
    expect(
      screen.queryByRole('button', { name: 'Sign in with a passkey' }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await vi.waitFor(() => expect(api.callsTo('security/passkey/signin')).toHaveLength(1));
    expect(api.callsTo('security/passkey/signin/options')[0]?.body).toEqual({
      pendingToken: 'p'.repeat(43),
    });
  });

  it('offers no passkey at the second step of a user without one', async () => {
    stubApi({
      'auth/signin': {
        body: { secondFactor: { pendingToken: 'p'.repeat(43), methods: ['totp'] } },
      },
    });
    renderScreen(<SignInScreen />, { path: '/signin' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('form', { name: 'Two-factor sign-in' });
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });
});
