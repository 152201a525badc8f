import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/renderScreen';
import { stubApi } from '../../../test/stubApi';
import { SignInScreen } from './SignInScreen';

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('E-mail'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('SignInScreen', () => {
  it('shows the field messages of a 400 answer next to their fields', async () => {
    const api = stubApi({
      'auth/signin': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields need attention.',
            fields: { email: 'Enter a valid e-mail address', password: 'Enter your password' },
          },
        },
      },
    });
    renderScreen(<SignInScreen />, { path: '/signin' });

    await submit('not-an-address', '');

    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Enter a valid e-mail address',
    );
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    // Every problem is shown at its field, so no general message repeats them.
    expect(screen.queryByText('Some fields need attention.')).not.toBeInTheDocument();
    expect(api.callsTo('auth/signin')).toEqual([
      {
        action: 'auth/signin',
        method: 'POST',
        path: '/api/auth/signin',
        body: { email: 'not-an-address', password: '' },
        contentType: 'application/json',
      },
    ]);
  });

  it('shows wrong credentials as a message above the form', async () => {
    stubApi({
      'auth/signin': {
        status: 401,
        body: {
          error: {
            code: 'INVALID_CREDENTIALS',
            message: 'E-mail address or password is incorrect.',
          },
        },
      },
    });
    renderScreen(<SignInScreen />, { path: '/signin' });
    await submit('ada@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'E-mail address or password is incorrect.',
    );
  });

  it('offers to resend the verification e-mail when the address is not verified', async () => {
    const api = stubApi({
      'auth/signin': {
        status: 403,
        body: {
          error: { code: 'EMAIL_NOT_VERIFIED', message: 'Verify your e-mail address first.' },
        },
      },
      'auth/resend/verification': { body: { success: true } },
    });
    renderScreen(<SignInScreen />, { path: '/signin' });
    const user = await submit('ada@example.com', 'correct-password');

    expect(await screen.findByText('Verify your e-mail address first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));

    expect(await screen.findByText(/A new verification e-mail is on its way/)).toBeInTheDocument();
    expect(api.callsTo('auth/resend/verification').map((call) => call.body)).toEqual([
      { email: 'ada@example.com' },
    ]);
  });

  it('shows the message of a rate-limited answer', async () => {
    stubApi({
      'auth/signin': {
        status: 429,
        body: {
          error: {
            code: 'RATE_LIMITED',
            message: 'Too many sign-in attempts. Try again in 15 minutes.',
            details: { retryAfterSeconds: 900 },
          },
        },
      },
    });
    renderScreen(<SignInScreen />, { path: '/signin' });
    await submit('ada@example.com', 'any-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 15 minutes.',
    );
    expect(
      screen.queryByRole('button', { name: 'Resend verification e-mail' }),
    ).not.toBeInTheDocument();
  });

  it('explains a network failure without a server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderScreen(<SignInScreen />, { path: '/signin' });
    await submit('ada@example.com', 'any-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
  });
});
