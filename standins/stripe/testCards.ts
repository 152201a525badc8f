import { createHash } from 'node:crypto';
import type { CardBehaviour } from './model.js';
import type { Decline } from './stripeErrors.js';

/**
 * Stripe's test cards that the stand-in honours, and the checks a card form makes before
 * anything is charged. A number that is not one of these is refused as Stripe's test mode
 * refuses real cards.
 */
export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  funding: 'credit' | 'debit';
  behaviour: CardBehaviour;
  /** What the card is for, shown on the hosted pages' test-mode note. */
  note: string;
}

const DECLINED = 'Your card was declined.';

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'visa',
    funding: 'credit',
    behaviour: { kind: 'succeeds' },
    note: 'Succeeds',
  },
  {
    number: '4000056655665556',
    brand: 'visa',
    funding: 'debit',
    behaviour: { kind: 'succeeds' },
    note: 'Succeeds (debit)',
  },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    funding: 'credit',
    behaviour: { kind: 'succeeds' },
    note: 'Succeeds (Mastercard)',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    funding: 'credit',
    behaviour: { kind: 'chargesFail' },
    note: 'Saves; every charge fails',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    funding: 'credit',
    behaviour: {
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: DECLINED,
    },
    note: 'Declined',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    behaviour: {
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
    note: 'Declined: insufficient funds',
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    funding: 'credit',
    behaviour: { kind: 'declined', code: 'expired_card', message: 'Your card has expired.' },
    note: 'Declined: expired card',
  },
];

/** The decline a charge on a `chargesFail` card meets (as 4000 0000 0000 0341 does). */
export const CHARGE_DECLINE: Decline = {
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: DECLINED,
};

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export interface CheckedCard {
  card: TestCard;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The form's checks, in Stripe's words: an error for the field it concerns, or the card.
 * `nowSeconds` decides whether the expiry is past.
 */
export function checkCard(
  input: CardInput,
  nowSeconds: number,
):
  | { ok: true; value: CheckedCard }
  | { ok: false; field: 'number' | 'expiry' | 'cvc'; message: string; decline?: Decline } {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits))
    return { ok: false, field: 'number', message: 'Your card number is incomplete.' };
  if (!luhnValid(digits))
    return { ok: false, field: 'number', message: 'Your card number is invalid.' };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!expiry)
    return { ok: false, field: 'expiry', message: "Your card's expiration date is incomplete." };
  const expMonth = Number(expiry[1]);
  const expYear = Number(expiry[2]) < 100 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12)
    return { ok: false, field: 'expiry', message: "Your card's expiration month is invalid." };
  const now = new Date(nowSeconds * 1000);
  const currentMonths = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (expYear * 12 + expMonth < currentMonths)
    return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past." };
  if (expYear > now.getUTCFullYear() + 50)
    return { ok: false, field: 'expiry', message: "Your card's expiration year is invalid." };
  if (!/^\d{3,4}$/.test(input.cvc.trim()))
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  const card = TEST_CARDS.find((candidate) => candidate.number === digits);
  if (!card) {
    const decline: Decline = {
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    };
    return { ok: false, field: 'number', message: decline.message, decline };
  }
  return {
    ok: true,
    value: {
      card,
      last4: digits.slice(-4),
      expMonth,
      expYear,
      fingerprint: createHash('sha256').update(digits).digest('base64url').slice(0, 16),
    },
  };
}

export function formatCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}
