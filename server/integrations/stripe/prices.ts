import type Stripe from 'stripe';
import { PLAN_NAMES, type PaidOrFreePlan } from '../../../common/domain/plans.js';

export type PaidPlan = Exclude<PaidOrFreePlan, 'free'>;
export const PAID_PLANS = PLAN_NAMES.filter((plan): plan is PaidPlan => plan !== 'free');

/**
 * Prices are found by lookup key, as Stripe recommends, so the same code finds them in test
 * mode, live mode and on the local stand-in: create one monthly USD price per paid plan with
 * the lookup key `curator_{plan}_monthly` (docs/payments.md).
 */
export const lookupKeyOf = (plan: PaidPlan) => `curator_${plan}_monthly`;

const PLAN_BY_LOOKUP_KEY = new Map(PAID_PLANS.map((plan) => [lookupKeyOf(plan), plan]));

/** The plan a price sells: by its lookup key, else its `plan` metadata; null for another price. */
export function planOfPrice(price: Pick<Stripe.Price, 'lookup_key' | 'metadata'>): PaidPlan | null {
  const byKey = price.lookup_key ? PLAN_BY_LOOKUP_KEY.get(price.lookup_key) : undefined;
  if (byKey) return byKey;
  const named = price.metadata?.plan;
  return PAID_PLANS.find((plan) => plan === named) ?? null;
}

export interface PriceCatalog {
  /** The active price of a paid plan (read from Stripe once, then kept for ten minutes). */
  priceIdOf(plan: PaidPlan): Promise<string>;
}

const KEEP_MS = 10 * 60 * 1000;

export function createPriceCatalog(stripe: Stripe, now: () => number = Date.now): PriceCatalog {
  let cached: { at: number; ids: Map<PaidPlan, string> } | undefined;
  let loading: Promise<Map<PaidPlan, string>> | undefined;

  async function load(): Promise<Map<PaidPlan, string>> {
    const list = await stripe.prices.list({
      lookup_keys: PAID_PLANS.map(lookupKeyOf),
      active: true,
      limit: 100,
    });
    const ids = new Map<PaidPlan, string>();
    for (const price of list.data) {
      const plan = planOfPrice(price);
      if (plan) ids.set(plan, price.id);
    }
    cached = { at: now(), ids };
    return ids;
  }

  return {
    async priceIdOf(plan) {
      const ids =
        cached && now() - cached.at < KEEP_MS
          ? cached.ids
          : await (loading ??= load().finally(() => (loading = undefined)));
      const id = ids.get(plan);
      // A missing price is a setup mistake of ours, not the caller's: a 500 that names it.
      if (!id) throw new Error(`Stripe has no active price with lookup key ${lookupKeyOf(plan)}`);
      return id;
    },
  };
}
