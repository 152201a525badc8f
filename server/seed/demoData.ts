import { DEFAULT_NOTIFICATIONS } from '../../common/api/user.js';
import type { CustomerPlan } from '../../common/domain/plans.js';
import { TRIAL_DAYS } from '../../common/domain/trial.js';
import { hashPassword } from '../areas/auth/passwords.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { seedDemoSwaps } from './demoSwaps.js';

/** The documented demo sign-in (README): every demo curator uses this password. */
export const DEMO_PASSWORD = 'curate-demo-2026';

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
] as const satisfies readonly {
  name: string;
  email: string;
  description: string;
  network: string;
  plan?: 'free';
}[];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates the demo curators (verified, on a fresh trial); leaves existing ones as they are.
 * Then their song swaps, once (server/seed/demoSwaps.ts).
 */
export async function seedDemoData(db: Db, now: Date): Promise<{ created: number; swaps: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const rows = await db
    .insert(users)
    .values(
      DEMO_CURATORS.map((curator) => ({
        ...curator,
        plan: ('plan' in curator ? curator.plan : 'trial') as CustomerPlan,
        passwordHash,
        emailVerifiedAt: now,
        trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
        notifications: DEFAULT_NOTIFICATIONS,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  const { swaps } = await seedDemoSwaps(db, now);
  return { created: rows.length, swaps };
}
