import { TEST_CARDS, checkCard, formatCardNumber, type CheckedCard } from '../testCards.js';
import { html, type Html } from './html.js';

/**
 * The card fields both hosted pages use (number, expiry, CVC, cardholder name), reading
 * them back from a posted form, and the test-mode note listing the test cards.
 */
export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardFormError = {
  field: 'number' | 'expiry' | 'cvc' | 'name' | 'email' | 'form';
  message: string;
};

export function readCardForm(body: Record<string, string | undefined>): CardFormValues {
  return {
    number: (body.cardNumber ?? '').slice(0, 40),
    expiry: (body.cardExpiry ?? '').slice(0, 10),
    cvc: (body.cardCvc ?? '').slice(0, 6),
    name: (body.cardholderName ?? '').trim().slice(0, 200),
  };
}

export function checkCardForm(
  values: CardFormValues,
  nowSeconds: number,
): { ok: true; card: CheckedCard } | { ok: false; error: CardFormError } {
  const checked = checkCard(values, nowSeconds);
  if (!checked.ok) return { ok: false, error: { field: checked.field, message: checked.message } };
  if (!values.name)
    return { ok: false, error: { field: 'name', message: 'Your name is incomplete.' } };
  return { ok: true, card: checked.value };
}

function describedBy(error: CardFormError | undefined, field: CardFormError['field']) {
  return error?.field === field ? 'form-error' : null;
}

function attributes(error: CardFormError | undefined, field: CardFormError['field']): Html {
  const id = describedBy(error, field);
  return id ? html` aria-invalid="true" aria-describedby="${id}"` : html``;
}

export function cardFields(values: Partial<CardFormValues>, error?: CardFormError): Html {
  return html`<fieldset class="card-fields">
      <legend>Card information</legend>
      <label for="cardNumber">Card number</label>
      <input
        id="cardNumber"
        name="cardNumber"
        inputmode="numeric"
        autocomplete="cc-number"
        placeholder="1234 1234 1234 1234"
        required
        maxlength="23"
        value="${values.number ?? ''}"
        ${attributes(error, 'number')}
      />
      <div class="pair">
        <div>
          <label for="cardExpiry">Expiration date</label>
          <input
            id="cardExpiry"
            name="cardExpiry"
            inputmode="numeric"
            autocomplete="cc-exp"
            placeholder="MM / YY"
            required
            maxlength="7"
            value="${values.expiry ?? ''}"
            ${attributes(error, 'expiry')}
          />
        </div>
        <div>
          <label for="cardCvc">Security code (CVC)</label>
          <input
            id="cardCvc"
            name="cardCvc"
            inputmode="numeric"
            autocomplete="cc-csc"
            placeholder="CVC"
            required
            maxlength="4"
            ${attributes(error, 'cvc')}
          />
        </div>
      </div>
    </fieldset>
    <label for="cardholderName">Cardholder name</label>
    <input
      id="cardholderName"
      name="cardholderName"
      autocomplete="cc-name"
      placeholder="Full name on card"
      required
      maxlength="200"
      value="${values.name ?? ''}"
      ${attributes(error, 'name')}
    />`;
}

export function formError(error: CardFormError | undefined): Html {
  return error ? html`<p class="error" id="form-error" role="alert">${error.message}</p>` : html``;
}

export function testCardsNote(): Html {
  const rows = TEST_CARDS.filter((card) =>
    ['4242424242424242', '4000000000000341', '4000000000000002', '4000000000009995'].includes(
      card.number,
    ),
  ).map(
    (card) => html`<li><code>${formatCardNumber(card.number)}</code><span>${card.note}</span></li>`,
  );
  return html`<aside class="test-note" aria-label="Test mode">
    <p>
      <strong>Test mode.</strong> This is the local Stripe stand-in: no real card is charged. Use
      any future expiry date and any 3-digit CVC.
    </p>
    <ul>
      ${rows}
    </ul>
  </aside>`;
}
