import { DEFAULT_NOTIFICATIONS } from '../../common/api/user.js';
import type { CustomerPlan } from '../../common/domain/plans.js';
import { TRIAL_DAYS } from '../../common/domain/trial.js';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { seedDemoAnnouncement } from './demoAnnouncement.js';
import { seedDemoNetwork } from './demoNetwork.js';
import { seedDemoSwaps } from './demoTrades.js';

/** The documented demo sign-in (README): every demo curator uses this password. */
export const DEMO_PASSWORD = 'curate-demo-2026';

/**
 * DEMO_PASSWORD hashed once, with the product's argon2id parameters (a test checks both): the
 * password is public, so a fixed salt tells nothing, and a first start does not spend its
 * argon2 time before it can answer.
 */
export const DEMO_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$CeUHxyR78n5tfqdierDmzQ$PMktJrYFJ+Dok8sXpCF71JfhkPF80EwDU6Nmjfc8OvM';

export const DEMO_CURATORS = [
  {
    name: 'Avery Quinn',
    email: 'avery@demo.curator.test',
    description: 'Indie and dream-pop playlists with a soft spot for new releases.',
    network: 'Night Drive Collective',
  },
  {
    name: 'Blake Rivera',
    email: 'blake@demo.curator.test',
    description: 'Latin house and afrobeats for long summer evenings.',
    network: 'Sunset Sessions',
  },
  {
    name: 'Casey Morgan',
    email: 'casey@demo.curator.test',
    description: 'Lo-fi, jazzhop and focus music.',
    network: 'Study Beats Guild',
  },
  {
    // On the free plan, to show what the plan limits look like.
    name: 'Drew Free',
    email: 'drew@demo.curator.test',
    description: 'Trying Curator on the free plan.',
    network: '',
    plan: 'free',
  },
  {
    // Bought starter through Checkout on the local Stripe (server/seed/demoBilling.ts).
    name: 'Emery Starter',
    email: 'emery@demo.curator.test',
    description: 'Weekly new-music roundups on the starter plan.',
    network: '',
    plan: 'free',
    buys: 'starter',
    trialEndedDaysAgo: 20,
  },
  {
    name: 'Finley Pro',
    email: 'finley@demo.curator.test',
    description: 'Label playlists and pre-release swaps on the pro plan.',
    network: 'Harbour Records',
    plan: 'free',
    buys: 'pro',
    trialEndedDaysAgo: 40,
  },
  {
    // A trial that ended ten days ago: past the seven days of grace, so free limits apply.
    name: 'Gale Lapsed',
    email: 'gale@demo.curator.test',
    description: 'Tried Curator a while ago.',
    network: '',
    trialEndedDaysAgo: 10,
  },
] as const satisfies readonly {
  name: string;
  email: string;
  description: string;
  network: string;
  plan?: 'free';
  /** The plan bought once the server listens (demo mode's local Stripe). */
  buys?: 'starter' | 'pro';
  trialEndedDaysAgo?: number;
}[];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates the demo curators (verified; on a fresh trial unless said otherwise); leaves existing
 * ones as they are. Then their song swaps, their network and an announcement, once
 * (server/seed/demoTrades.ts, demoNetwork.ts, demoAnnouncement.ts). The plans bought
 * (`buys`) follow once the server listens (server/seed/demoBilling.ts).
 */
export async function seedDemoData(
  db: Db,
  now: Date,
  options: { announcement: boolean } = { announcement: true },
): Promise<{ created: number; swaps: number }> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_CURATORS.map((curator) => curator.email),
      ),
    );
  const rows = existing.length === DEMO_CURATORS.length ? [] : await insertDemoCurators(db, now);
  const { swaps } = await seedDemoSwaps(db, now);
  await seedDemoNetwork(db, now);
  if (options.announcement) await seedDemoAnnouncement(db, now);
  return { created: rows.length, swaps };
}

async function insertDemoCurators(db: Db, now: Date): Promise<{ id: string }[]> {
  return db
    .insert(users)
    .values(
      DEMO_CURATORS.map(({ name, email, description, network, ...curator }) => ({
        name,
        email,
        description,
        network,
        plan: ('plan' in curator ? curator.plan : 'trial') as CustomerPlan,
        passwordHash: DEMO_PASSWORD_HASH,
        emailVerifiedAt: now,
        trialEndsAt: new Date(
          now.getTime() +
            ('trialEndedDaysAgo' in curator ? -curator.trialEndedDaysAgo : TRIAL_DAYS) * DAY_MS,
        ),
        notifications: DEFAULT_NOTIFICATIONS,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
}
