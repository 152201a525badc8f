import { createHash } from 'node:crypto';
import type { PriceRecord, ProductRecord } from './model.js';

/**
 * The products and monthly USD prices of Curator's paid plans (PLAN_PRICES; free has
 * no Stripe price). Ids are derived from the plan, so they are the same on every start and
 * in every state file; the product finds prices by lookup key (`curator_{plan}_monthly`).
 */
export interface SeedPlan {
  plan: string;
  name: string;
  description: string;
  unitAmount: number;
}

export const SEED_PLANS: readonly SeedPlan[] = [
  {
    plan: 'starter',
    name: 'Curator Starter',
    description: '5 playlists, 12 open swaps, 10 catalog tracks.',
    unitAmount: 1800,
  },
  {
    plan: 'advanced',
    name: 'Curator Advanced',
    description: '2 Spotify accounts, 20 playlists, 33 open swaps.',
    unitAmount: 2500,
  },
  {
    plan: 'pro',
    name: 'Curator Pro',
    description: '3 Spotify accounts, 40 playlists, unlimited locks, pre-release swaps.',
    unitAmount: 4500,
  },
  {
    plan: 'enterprise',
    name: 'Curator Enterprise',
    description: 'Unlimited Spotify accounts, 99 playlists, 999 open swaps.',
    unitAmount: 9900,
  },
];

export const lookupKeyFor = (plan: string) => `curator_${plan}_monthly`;

function stableId(prefix: string, seed: string, length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  const bytes = createHash('sha256').update(seed).digest();
  let text = '';
  for (let index = 0; index < length; index += 1)
    text += alphabet[(bytes[index % bytes.length] ?? 0) % 62];
  return `${prefix}_${text}`;
}

/** 2026-01-01T00:00:00Z: when the catalogue "was made". */
const CATALOG_CREATED = 1_767_225_600;

export function seedCatalog(nextSeq: () => number): {
  products: ProductRecord[];
  prices: PriceRecord[];
} {
  const products: ProductRecord[] = [];
  const prices: PriceRecord[] = [];
  for (const seed of SEED_PLANS) {
    const productId = stableId('prod', `curator-${seed.plan}`, 14);
    const priceId = `price_1Loc${stableId('x', `curator-${seed.plan}-monthly`, 20).slice(2)}`;
    products.push({
      id: productId,
      created: CATALOG_CREATED,
      seq: nextSeq(),
      name: seed.name,
      description: seed.description,
      metadata: { plan: seed.plan },
      active: true,
      defaultPriceId: priceId,
    });
    prices.push({
      id: priceId,
      created: CATALOG_CREATED,
      seq: nextSeq(),
      productId,
      unitAmount: seed.unitAmount,
      currency: 'usd',
      interval: 'month',
      intervalCount: 1,
      lookupKey: lookupKeyFor(seed.plan),
      nickname: `${seed.plan[0]?.toUpperCase()}${seed.plan.slice(1)} monthly`,
      metadata: { plan: seed.plan },
      active: true,
    });
  }
  return { products, prices };
}
