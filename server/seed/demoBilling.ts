import { eq } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import { customerIdOf, syncCustomer, upgrade } from '../areas/billing/index.js';
import { users } from '../db/schema.js';
import { DEMO_CURATORS } from './demoData.js';

/**
 * Demo curators who bought a plan buy it through the product's own path on the local Stripe
 * (demo mode): a Checkout Session from auth/upgrade's code, paid through the stand-in's
 * control (as the hosted page would), and the same sync the webhooks run, so the plan is in
 * place for the first sign-in. Needs the server listening (the SDK reaches the stand-in over
 * loopback HTTP). Idempotent: a curator with a Stripe customer is left alone.
 */
export async function seedDemoBilling(context: AppContext): Promise<number> {
  const control = context.billing.demoControl();
  if (!control) return 0;
  let bought = 0;
  for (const curator of DEMO_CURATORS) {
    if (!('buys' in curator)) continue;
    const [user] = await context.db.select().from(users).where(eq(users.email, curator.email));
    if (!user || (await customerIdOf(context.db, user.id))) continue;
    const sessionId = await upgrade(context, user, curator.buys);
    const paid = control.payCheckoutSession(sessionId);
    if (!paid.ok) throw new Error(`demo checkout of ${curator.email} failed: ${paid.message}`);
    const customerId = (await customerIdOf(context.db, user.id))!;
    await context.db.transaction((tx) => syncCustomer(context, tx, customerId));
    bought += 1;
  }
  return bought;
}
