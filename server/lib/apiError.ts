import type { z } from 'zod';
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

/** What a caller is told about our own bug (HTTP and realtime alike). */
export const INTERNAL_MESSAGE = 'Something went wrong on our side.';

export const unauthenticated = () => new ApiError(401, 'UNAUTHENTICATED', 'Sign in to continue.');
export const notFound = (what = 'Not found') => new ApiError(404, 'NOT_FOUND', what);
export const forbidden = (message = 'You may not do that.') =>
  new ApiError(403, 'FORBIDDEN', message);
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);
export const validationFailed = (
  fields: Record<string, string>,
  message = 'Some fields need attention.',
) => new ApiError(400, 'VALIDATION_FAILED', message, fields);

/** Field path -> first message, e.g. {"error.message": "Too long"}; '_' for the body itself. */
export function fieldsFromZod(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
