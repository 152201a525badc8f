/**
 * An error answered in Stripe's shape, `{error: {type, code?, message, param?, decline_code?}}`,
 * with Stripe's status codes, so the `stripe` SDK raises the same typed errors it raises
 * against Stripe (StripeInvalidRequestError, StripeCardError, StripeIdempotencyError...).
 */
export type StripeErrorType =
  'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export class StripeApiError extends Error {
  readonly status: number;
  readonly type: StripeErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly declineCode: string | undefined;
  /**
   * Whether an idempotent request's key keeps this answer. Stripe saves a result only once
   * the endpoint has started executing: refused parameters and unknown objects are not kept.
   */
  readonly kept: boolean;

  constructor(options: {
    status: number;
    type: StripeErrorType;
    message: string;
    code?: string;
    param?: string;
    declineCode?: string;
    kept?: boolean;
  }) {
    super(options.message);
    this.name = 'StripeApiError';
    this.status = options.status;
    this.type = options.type;
    this.code = options.code;
    this.param = options.param;
    this.declineCode = options.declineCode;
    this.kept = options.kept ?? false;
  }

  body(requestId: string): { error: Record<string, string> } {
    return {
      error: {
        ...(this.code ? { code: this.code } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
        ...(this.code
          ? { doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}` }
          : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
        type: this.type,
      },
    };
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError({ status: 400, type: 'invalid_request_error', message, param, code });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

/** `No such customer: 'cus_123'`, 404 resource_missing, as Stripe words it. */
export function noSuch(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError({
    status: 404,
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

export function unauthorized(message: string): StripeApiError {
  return new StripeApiError({ status: 401, type: 'invalid_request_error', message });
}

export interface Decline {
  code: string;
  declineCode?: string;
  message: string;
}

/** A refused card: 402 card_error, kept by an idempotency key like any executed request. */
export function cardError(decline: Decline, param?: string): StripeApiError {
  return new StripeApiError({
    status: 402,
    type: 'card_error',
    code: decline.code,
    declineCode: decline.declineCode,
    message: decline.message,
    param,
    kept: true,
  });
}
