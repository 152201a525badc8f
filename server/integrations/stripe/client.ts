import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** Where requests go; undefined: Stripe itself. A local stand-in speaks the same API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/**
 * The official SDK, configured once. It retries network failures, 409 lock timeouts, 429s and
 * 5xx answers (as Stripe's Stripe-Should-Retry header says) with backoff, sending the same
 * idempotency key each time, so a retried create never makes a second object.
 */
export function createStripeClient(options: StripeClientOptions): Stripe {
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Curator' },
    ...(options.api
      ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol }
      : {}),
  });
}

export { Stripe };
