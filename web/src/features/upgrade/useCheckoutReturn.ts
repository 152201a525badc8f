import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useState } from 'react';
import type { CustomerPlan } from '../../../../common/domain/plans.js';
import { toDisplayError, type DisplayError } from '../../shared/api/displayError';
import { useLazyStartupQuery, selectUser } from '../auth';
import { useSessionCheckQuery } from '../billing';
import { checkoutReturnQuery } from './checkoutReturnQuery';
import { isPaidPlan, type PaidPlan } from './planChooserRules';
import { useAppSelector } from '../../shared/state/hooks';

/** How often GET /api/ is asked while a paid plan is being activated, and for how long. */
export const ACTIVATION_POLL_MS = 2_000;
export const ACTIVATION_PATIENCE_MS = 30_000;

/** Where a browser coming back from Stripe's checkout stands (query of /account/upgrade). */
export type CheckoutReturn =
  | { kind: 'none' }
  | { kind: 'canceled' }
  | { kind: 'checking' }
  | { kind: 'check-failed'; error: DisplayError; retry: () => void }
  /** The session was not paid (left open, or expired). */
  | { kind: 'unpaid' }
  /** Paid; Stripe's event has not given the plan yet. */
  | { kind: 'activating' }
  /** Paid, but the plan did not show within ACTIVATION_PATIENCE_MS. */
  | { kind: 'slow'; retry: () => void }
  | { kind: 'active'; plan: PaidPlan };

/**
 * Reads GET /api/ now and every ACTIVATION_POLL_MS while `active`, for ACTIVATION_PATIENCE_MS
 * at most; `tryAgain` starts another round after giving up.
 */
function useActivationPolling(active: boolean) {
  const [readStartup] = useLazyStartupQuery();
  const [round, setRound] = useState(0);
  const [gaveUpOnRound, setGaveUpOnRound] = useState<number | null>(null);
  const gaveUp = gaveUpOnRound === round;
  const polling = active && !gaveUp;
  useEffect(() => {
    if (!polling) return;
    const refresh = () => void readStartup();
    refresh();
    const poll = setInterval(refresh, ACTIVATION_POLL_MS);
    const giveUp = setTimeout(() => {
      clearInterval(poll);
      setGaveUpOnRound(round);
    }, ACTIVATION_PATIENCE_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(giveUp);
    };
  }, [polling, round, readStartup]);
  return { gaveUp, tryAgain: () => setRound((current) => current + 1) };
}

/**
 * The return from Stripe's hosted checkout: `session_id` (paid, by Stripe's word) or
 * `canceled`. A paid session is confirmed with stripe/session/check; access itself comes from
 * Stripe's webhook, so GET /api/ is read until the user's plan shows it, and the screens then
 * show the new plan as current without reloading the page.
 */
export function useCheckoutReturn(search: URLSearchParams): CheckoutReturn {
  const { sessionId, canceled } = checkoutReturnQuery(search);
  const plan: CustomerPlan = useAppSelector(selectUser)?.customer.plan ?? 'free';
  const check = useSessionCheckQuery(sessionId && !canceled ? { sessionId } : skipToken);
  const paid = check.data?.paid === true && check.data.status === 'complete';
  const activation = useActivationPolling(paid && !isPaidPlan(plan));

  if (canceled) return { kind: 'canceled' };
  if (!sessionId) return { kind: 'none' };
  if (check.isLoading || check.isFetching) return { kind: 'checking' };
  if (check.error) {
    return {
      kind: 'check-failed',
      error: toDisplayError(check.error) ?? UNCHECKED,
      retry: () => void check.refetch(),
    };
  }
  if (!paid) return { kind: 'unpaid' };
  if (isPaidPlan(plan)) return { kind: 'active', plan };
  if (activation.gaveUp) return { kind: 'slow', retry: activation.tryAgain };
  return { kind: 'activating' };
}

const UNCHECKED: DisplayError = {
  code: 'UNKNOWN',
  status: null,
  message: 'Something went wrong. Please try again.',
  fields: {},
};
