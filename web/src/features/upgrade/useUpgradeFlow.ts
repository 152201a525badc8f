import { useState } from 'react';
import {
  IMMEDIATE_SWITCH_SESSION_ID,
  STRIPE_CHECKOUT_PATH,
} from '../../../../common/api/billing/actions.js';
import { toDisplayError, type DisplayError } from '../../shared/api/displayError';
import { browserNavigation } from '../../shared/lib/browserNavigation';
import { useUpgradeMutation } from '../billing';
import type { PaidPlan } from './planChooserRules';

/** Where the browser goes for a Checkout Session: the server redirects it to Stripe's page. */
export function checkoutUrl(sessionId: string): string {
  return `${STRIPE_CHECKOUT_PATH}?session=${encodeURIComponent(sessionId)}`;
}

export const CHECKOUT_OPEN_FAILED: DisplayError = {
  code: 'UNKNOWN',
  status: null,
  message: 'The secure checkout page could not be opened. Please try again.',
  fields: {},
};

/**
 * The Upgrade flow: send upgrade {plan}, receive {sessionId}; the
 * immediate-switch marker closes the chooser and reloads, any other id goes to the hosted
 * checkout. `pendingPlan` stays set until the page is left, so the button stays busy.
 */
export function useUpgradeFlow({ onSwitched }: { onSwitched: () => void }) {
  const [upgrade] = useUpgradeMutation();
  const [pendingPlan, setPendingPlan] = useState<PaidPlan | null>(null);
  const [failure, setFailure] = useState<{ plan: PaidPlan; error: DisplayError } | null>(null);

  const choosePlan = async (plan: PaidPlan) => {
    if (pendingPlan) return;
    setPendingPlan(plan);
    setFailure(null);
    let sessionId: string;
    try {
      ({ sessionId } = await upgrade({ plan }).unwrap());
    } catch (refusal) {
      // The log line is "Upgrade error" (a contract); the plan did not change, and the chooser says so.
      console.error('Upgrade error', refusal);
      const error = toDisplayError(refusal as Parameters<typeof toDisplayError>[0]);
      if (error) setFailure({ plan, error });
      setPendingPlan(null);
      return;
    }
    if (sessionId === IMMEDIATE_SWITCH_SESSION_ID) {
      onSwitched();
      browserNavigation.reload();
      return;
    }
    try {
      browserNavigation.assign(checkoutUrl(sessionId));
    } catch (navigationError) {
      console.error('Stripe checkout error', navigationError);
      setFailure({ plan, error: CHECKOUT_OPEN_FAILED });
      setPendingPlan(null);
    }
  };

  return { choosePlan, pendingPlan, failure };
}
