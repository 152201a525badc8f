import { BILLING_SECTION_PATH, CHECKOUT_RETURN_PATH } from '../../../common/api/billing/actions.js';
import type { CustomerPlan } from '../../../common/domain/plans.js';
import type { MailMessage } from '../../mail/mailer.js';
import { message } from '../../mail/templates.js';

const planName = (plan: CustomerPlan) => plan.charAt(0).toUpperCase() + plan.slice(1);

interface Recipient {
  id: string;
  email: string;
  name: string;
}

/** A renewal or switch could not be charged: the plan stays while Stripe tries again. */
export function paymentFailedMail(to: Recipient, plan: CustomerPlan, origin: string): MailMessage {
  return message(
    to.email,
    to.id,
    `We could not charge your card for Curator ${planName(plan)}`,
    [
      `Hi ${to.name},`,
      `Your last payment for the ${planName(plan)} plan did not go through. You keep the plan while we try your card again over the next days; if every attempt fails, your account moves to the free plan. Nothing you made is deleted.`,
      'Update your card in the billing section of your profile to keep your plan.',
    ],
    { label: 'Update your card', url: `${origin}${BILLING_SECTION_PATH}` },
  );
}

/** The plan the user holds changed: bought, switched, or ended. */
export function planChangedMail(
  to: Recipient,
  from: CustomerPlan,
  plan: CustomerPlan,
  origin: string,
): MailMessage {
  if (plan === 'free') {
    return message(
      to.email,
      to.id,
      `Your Curator ${planName(from)} plan has ended`,
      [
        `Hi ${to.name},`,
        `Your ${planName(from)} subscription has ended and your account is now on the free plan. Nothing was deleted: what goes beyond the free plan's limits stays readable, and you choose what stays active.`,
      ],
      { label: 'Choose a plan', url: `${origin}${CHECKOUT_RETURN_PATH}` },
    );
  }
  const switched = from !== 'trial' && from !== 'free';
  return message(
    to.email,
    to.id,
    switched ? `You switched to Curator ${planName(plan)}` : `Welcome to Curator ${planName(plan)}`,
    [
      `Hi ${to.name},`,
      switched
        ? `Your plan changed from ${planName(from)} to ${planName(plan)}. It applies now; the difference for the rest of this month was charged (or credited) at once.`
        : `Thank you: your ${planName(plan)} plan is active. Your receipts and next invoice are in the billing section of your profile.`,
    ],
    { label: 'See your billing', url: `${origin}${BILLING_SECTION_PATH}` },
  );
}

/** The bell's line for a plan change, and the screen it links to (beside planChangedMail). */
export function planChangedEntry(from: CustomerPlan, plan: CustomerPlan) {
  if (plan === 'free') {
    return {
      text: `Your ${planName(from)} plan has ended: you are on the free plan`,
      link: CHECKOUT_RETURN_PATH,
    };
  }
  const switched = from !== 'trial' && from !== 'free';
  return {
    text: switched
      ? `Your plan changed from ${planName(from)} to ${planName(plan)}`
      : `Your ${planName(plan)} plan is active`,
    link: BILLING_SECTION_PATH,
  };
}

/** The bell's line for a payment that failed (beside paymentFailedMail). */
export function paymentFailedEntry(plan: CustomerPlan) {
  return {
    text: `Your payment for ${planName(plan)} did not go through: update your card`,
    link: BILLING_SECTION_PATH,
  };
}
