import type { ApiErrorBody, ApiErrorCode } from '../../common/api/errors.js';

/** An error the API answers as-is: {error: {code, message, fields?, details?}} with a status. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', 'Sign in to continue.');
export const notFound = (what = 'Not found') => new ApiError(404, 'NOT_FOUND', what);
export const forbidden = (message = 'You may not do that.') =>
  new ApiError(403, 'FORBIDDEN', message);
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);
export const validationFailed = (
  fields: Record<string, string>,
  message = 'Some fields need attention.',
) => new ApiError(400, 'VALIDATION_FAILED', message, fields);
