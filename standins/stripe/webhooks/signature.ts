import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header exactly as Stripe builds it: `t=<unix seconds>,v1=<hex>`,
 * where the hex is HMAC-SHA256 keyed with the endpoint's signing secret (`whsec_...`, used
 * as given) over `<t>.<raw body>`. The SDK's `webhooks.constructEvent` checks it.
 */
export function stripeSignature(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}
