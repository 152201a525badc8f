import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/stubApi';
import { CrashBoundary } from './CrashBoundary';
import { buildCrashReport } from './reportCrash';

function Broken(): never {
  throw new TypeError('Cannot read properties of undefined (reading "songs")');
}

describe('CrashBoundary', () => {
  it('shows the crash screen with the message and a collapsible stack trace', async () => {
    stubApi({ 'app/log/error': { body: { success: true } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Application Error' })).toBeInTheDocument();
    expect(
      screen.getByText('Something went wrong. Please report this to our support team.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Cannot read properties of undefined (reading "songs")'),
    ).toBeInTheDocument();

    expect(screen.queryByText(/at Broken/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show stack trace' }));
    expect(screen.getByText(/TypeError: Cannot read properties/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide stack trace' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('reports the crash to POST /api/app/log/error once', async () => {
    const api = stubApi({ 'app/log/error': { body: { success: true } } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    rerender(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );

    await vi.waitFor(() => expect(api.callsTo('app/log/error')).toHaveLength(1));
    const [report] = api.callsTo('app/log/error');
    expect(report?.contentType).toBe('application/json');
    expect(report?.body).toEqual({
      error: {
        message: 'Cannot read properties of undefined (reading "songs")',
        name: 'TypeError',
        stack: expect.stringContaining('TypeError'),
      },
      location: window.location.href,
    });
  });

  it('keeps reports within the limits of the log/error contract', () => {
    const error = new Error('m'.repeat(5000));
    error.stack = 's'.repeat(20000);
    const report = buildCrashReport(error, `http://localhost/${'p'.repeat(3000)}`);
    expect(report.error.message).toHaveLength(2000);
    expect(report.error.stack).toHaveLength(16000);
    expect(report.location).toHaveLength(2000);
  });
});
