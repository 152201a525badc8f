import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/renderScreen';
import { stubApi } from '../../test/stubApi';
import { VerifyEmailScreen } from './VerifyEmailScreen';

const CODE = 'abcdefghijklmnop0123456789';

describe('VerifyEmailScreen', () => {
  it('verifies the code once on opening, even in StrictMode, and offers to sign in', async () => {
    const api = stubApi({ 'auth/verify/email': { body: { success: true } } });
    renderScreen(<VerifyEmailScreen />, {
      path: `/onboarding/verify/${CODE}`,
      pattern: '/onboarding/verify/:code',
      strict: true,
    });

    expect(screen.getByRole('status')).toHaveTextContent('Verifying your e-mail address…');
    expect(await screen.findByText(/Your e-mail address is verified/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(api.callsTo('auth/verify/email').map((call) => call.body)).toEqual([{ code: CODE }]);
  });

  it('shows why a link does not work', async () => {
    stubApi({
      'auth/verify/email': {
        status: 400,
        body: {
          error: { code: 'INVALID_LINK', message: 'This verification link is not valid any more.' },
        },
      },
    });
    renderScreen(<VerifyEmailScreen />, {
      path: `/onboarding/verify/${CODE}`,
      pattern: '/onboarding/verify/:code',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is not valid any more.',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });
});
