import { appActions } from '../../../../common/api/app/actions.js';
import { ERROR_REPORT_LIMITS } from '../../../../common/api/app/limits.js';
import { actionPath, type InputOf } from '../../../../common/api/contract.js';

export type CrashReport = InputOf<typeof appActions.logError>;

/** The contract's length limits, so a long stack never turns the report into a 400. */
const LIMITS = ERROR_REPORT_LIMITS;

export function buildCrashReport(error: Error, location: string): CrashReport {
  const report: CrashReport = {
    error: {
      message: error.message.slice(0, LIMITS.message),
      name: (error.name || 'Error').slice(0, LIMITS.name),
    },
    location: location.slice(0, LIMITS.location),
  };
  if (error.stack) report.error.stack = error.stack.slice(0, LIMITS.stack);
  return report;
}

const reported = new WeakSet<Error>();

/**
 * Sends a render crash to POST /api/app/log/error, once per error. Plain fetch rather than
 * the store: the store may be what broke.
 */
export async function reportCrash(error: Error, location = window.location.href): Promise<void> {
  if (reported.has(error)) return;
  reported.add(error);
  try {
    await fetch(actionPath(appActions.logError), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(buildCrashReport(error, location)),
    });
  } catch (reportError) {
    // Nothing more to do in the browser: the crash screen is already shown.
    console.warn('Could not report the application error', reportError);
  }
}

/** Anything thrown, as an Error (code can throw strings or objects). */
export function asError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown;
  return new Error(typeof thrown === 'string' ? thrown : 'Unknown error');
}
