import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/renderScreen';
import { stubApi } from '../../../test/stubApi';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';
import { ResetPasswordScreen } from './ResetPasswordScreen';
import { SignUpScreen } from './SignUpScreen';

const LINK = 'reset-link-0123456789abcdef';

function renderReset() {
  return renderScreen(<ResetPasswordScreen />, {
    path: `/password/reset/${LINK}`,
    pattern: '/password/reset/:link',
  });
}

describe('SignUpScreen', () => {
  it('shows "Check your e-mail" after signing up', async () => {
    const api = stubApi({ 'auth/signup': { body: { success: true } } });
    renderScreen(<SignUpScreen />, { path: '/signup' });
    const input = userEvent.setup();
    await input.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await input.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await input.type(screen.getByLabelText('Password'), 'analytical-engine');
    await input.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(api.callsTo('auth/signup')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
    });
  });
});

describe('ForgotPasswordScreen', () => {
  it('confirms without saying whether the address has an account', async () => {
    stubApi({ 'auth/forgot/password': { body: { success: true } } });
    renderScreen(<ForgotPasswordScreen />, { path: '/forgotpassword' });
    const input = userEvent.setup();
    await input.type(screen.getByLabelText('E-mail'), 'someone@example.com');
    await input.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for someone@example.com, we sent it a link',
    );
  });
});

describe('ResetPasswordScreen', () => {
  it('refuses two different passwords without calling the server', async () => {
    const api = stubApi({});
    renderReset();
    const input = userEvent.setup();
    await input.type(screen.getByLabelText('New password'), 'first-password');
    await input.type(screen.getByLabelText('Confirm new password'), 'other-password');
    await input.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The two passwords are not the same',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('sends link and password, then offers to sign in', async () => {
    const api = stubApi({ 'auth/reset/password': { body: { success: true } } });
    renderReset();
    const input = userEvent.setup();
    await input.type(screen.getByLabelText('New password'), 'new-password-1');
    await input.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await input.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(
      await screen.findByRole('heading', { name: 'Your password has been changed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(api.callsTo('auth/reset/password')[0]?.body).toEqual({
      link: LINK,
      password: 'new-password-1',
    });
  });

  it('explains an invalid link and where to get a new one', async () => {
    stubApi({
      'auth/reset/password': {
        status: 400,
        body: { error: { code: 'INVALID_LINK', message: 'This link is not valid any more.' } },
      },
    });
    renderReset();
    const input = userEvent.setup();
    await input.type(screen.getByLabelText('New password'), 'new-password-1');
    await input.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await input.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
  });
});
