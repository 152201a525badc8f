import { randomInt } from 'node:crypto';

/**
 * Object ids in Stripe's formats: a type prefix and random base62 characters (test-mode
 * Checkout Sessions carry `cs_test_`). Lengths follow what Stripe issues today, so code
 * that validates or stores ids sees what it will see in production.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += BASE62[randomInt(62)];
  return text;
}

const LENGTHS = {
  cus: 14,
  prod: 14,
  price: 24,
  sub: 24,
  si: 14,
  in: 24,
  il: 24,
  ii: 24,
  inpay: 24,
  evt: 24,
  pm: 24,
  pi: 24,
  bps: 24,
  req: 14,
} as const;

export type IdPrefix = keyof typeof LENGTHS;

export function newId(prefix: IdPrefix): string {
  // Most long ids start with '1' followed by the account's tag; a fixed tag keeps them alike.
  const length = LENGTHS[prefix];
  return length > 20
    ? `${prefix}_1Loc${randomBase62(length - 4)}`
    : `${prefix}_${randomBase62(length)}`;
}

export function newCheckoutSessionId(): string {
  return `cs_test_a1${randomBase62(56)}`;
}

/** Invoice numbers look like `ABCD1234-0001`: a per-customer prefix and a sequence. */
export function invoicePrefix(): string {
  return randomBase62(8)
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, 'X');
}
