import Stripe from 'stripe';
import { ApiError } from '../../lib/apiError.js';

/**
 * What Stripe's failures mean for our caller. A declined card is the caller's to fix (402
 * PAYMENT_FAILED with Stripe's own words); Stripe being slow or away is passed on honestly
 * (503/502). Anything else Stripe refuses is a request of ours it did not accept: our bug, a
 * 500 that is logged.
 */
export function fromStripe(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new ApiError(402, 'PAYMENT_FAILED', error.message, undefined, {
      declineCode: error.decline_code ?? error.code ?? null,
    });
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new ApiError(
      503,
      'UPSTREAM_RATE_LIMITED',
      'Stripe asks us to slow down. Try again in a minute.',
    );
  }
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError
  ) {
    return new ApiError(
      502,
      'UPSTREAM_FAILED',
      'Stripe is not answering right now. Try again in a moment.',
    );
  }
  return error;
}

/** Stripe has no such object (e.g. a Checkout Session id that was never made). */
export function isMissingOnStripe(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === 'resource_missing' || error.statusCode === 404)
  );
}

/** Runs a handler, answering Stripe's failures as above. */
export async function answeringStripeFailures<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromStripe(error);
  }
}
