import type { StandInCore } from '../standInCore.js';
import { expireSession } from './checkout.js';
import { collect, renew, retry } from './lifecycle.js';

/**
 * What Stripe does in the background, run up to the stand-in's clock in time order, each
 * piece at its own moment: Checkout Sessions expire, periods end (renewal or
 * cancellation), renewal drafts finalize and are charged, failed payments are retried.
 * Runs before every API request and page, on a timer, and when the clock is advanced.
 */
interface Due {
  at: number;
  run: () => void;
}

function nextDue(core: StandInCore, until: number): Due | undefined {
  let best: Due | undefined;
  const consider = (at: number | null | undefined, run: () => void) => {
    if (at === null || at === undefined || at > until) return;
    if (!best || at < best.at) best = { at, run };
  };
  for (const session of core.store.checkoutSessions.values()) {
    if (session.status === 'open') consider(session.expiresAt, () => expireSession(core, session));
  }
  for (const invoice of core.store.invoices.values()) {
    if (invoice.status === 'draft') consider(invoice.finalizesAt, () => collect(core, invoice));
    else if (invoice.status === 'open')
      consider(invoice.nextPaymentAttempt, () => {
        invoice.nextPaymentAttempt = null;
        retry(core, invoice);
      });
  }
  for (const subscription of core.store.subscriptions.values()) {
    if (subscription.status === 'canceled' || subscription.status === 'incomplete') continue;
    consider(subscription.items[0]?.periodEnd, () => renew(core, subscription));
  }
  return best;
}

/** Answers how many pieces of work ran. */
export function runDueWork(core: StandInCore): number {
  const until = core.clock.unpinned();
  let count = 0;
  // Bounded: years of monthly renewals are far fewer steps than this.
  for (; count < 10_000; count += 1) {
    const due = nextDue(core, until);
    if (!due) break;
    core.clock.at(due.at, due.run);
  }
  return count;
}
