import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isApiErrorBody, type ApiErrorCode } from '../../../../common/api/errors.js';

/** An error as a screen shows it: one message, and messages per field when the server gave them. */
export interface DisplayError {
  code: ApiErrorCode | 'NETWORK' | 'TIMEOUT' | 'UNKNOWN';
  status: number | null;
  message: string;
  /** Field path (dot-joined, e.g. notifications.swaps) to message. */
  fields: Record<string, string>;
  /** Set for PLAN_LIMIT answers that say which limit was hit. */
  planLimit?: PlanLimitDetails;
}

/** details of a 403 PLAN_LIMIT answer: which limit of which plan, and the count already used. */
export interface PlanLimitDetails {
  limit: number;
  current: number;
  plan: string;
  resource: string;
}

/**
 * Limits whose details do not read as "your plan allows N, and you have M": another curator's
 * plan (a song swap refused for the other side, details.side 'trader') and the allowed swap
 * periods. Their answers are shown by the server's message, which names whose plan it is.
 */
function readsAsOwnCount(details: Record<string, unknown>): boolean {
  return details.side !== 'trader' && details.resource !== 'swapPeriods';
}

function planLimitDetails(details: Record<string, unknown> | undefined): PlanLimitDetails | null {
  if (!details || !readsAsOwnCount(details)) return null;
  const { limit, current, plan, resource } = details;
  if (typeof limit !== 'number' || typeof plan !== 'string' || typeof resource !== 'string') {
    return null;
  }
  return { limit, current: typeof current === 'number' ? current : limit, plan, resource };
}

export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'The server took too long to answer. Please try again.';
export const UNKNOWN_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a moment and try again.';

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** Turns whatever a request failed with into a DisplayError; null when there is no error. */
export function toDisplayError(
  error: FetchBaseQueryError | SerializedError | undefined | null,
): DisplayError | null {
  if (!error) return null;
  if (!isFetchBaseQueryError(error)) {
    return { code: 'UNKNOWN', status: null, message: UNKNOWN_ERROR_MESSAGE, fields: {} };
  }
  if (typeof error.status === 'number') {
    if (isApiErrorBody(error.data)) {
      const { code, message, fields, details } = error.data.error;
      const display: DisplayError = { code, status: error.status, message, fields: fields ?? {} };
      const planLimit = code === 'PLAN_LIMIT' ? planLimitDetails(details) : null;
      if (planLimit) display.planLimit = planLimit;
      return display;
    }
    if (error.status === 429) {
      return { code: 'RATE_LIMITED', status: 429, message: RATE_LIMITED_MESSAGE, fields: {} };
    }
    return { code: 'UNKNOWN', status: error.status, message: UNKNOWN_ERROR_MESSAGE, fields: {} };
  }
  switch (error.status) {
    case 'FETCH_ERROR':
      return { code: 'NETWORK', status: null, message: NETWORK_ERROR_MESSAGE, fields: {} };
    case 'TIMEOUT_ERROR':
      return { code: 'TIMEOUT', status: null, message: TIMEOUT_ERROR_MESSAGE, fields: {} };
    case 'PARSING_ERROR':
      if (error.originalStatus === 429) {
        return { code: 'RATE_LIMITED', status: 429, message: RATE_LIMITED_MESSAGE, fields: {} };
      }
      return {
        code: 'UNKNOWN',
        status: error.originalStatus,
        message: UNKNOWN_ERROR_MESSAGE,
        fields: {},
      };
    default:
      return { code: 'UNKNOWN', status: null, message: UNKNOWN_ERROR_MESSAGE, fields: {} };
  }
}

/**
 * The message to show above a form: the error's message unless every problem is already
 * shown next to a field the form has.
 */
export function formLevelMessage(
  error: DisplayError | null,
  formFields: readonly string[],
): string | null {
  if (!error) return null;
  const fieldNames = Object.keys(error.fields);
  const allShownAtFields =
    fieldNames.length > 0 && fieldNames.every((name) => formFields.includes(name));
  return allShownAtFields ? null : error.message;
}
