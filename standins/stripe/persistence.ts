import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { StandInClock } from './clock.js';
import type { StripeStore } from './store.js';

/**
 * The stand-in's state on disk (demo mode): every record, and how far its clock has been
 * advanced. Records are written as the store holds them; on load each collection is
 * checked to be a list of records with ids, and a file that does not fit is ignored (the
 * stand-in then starts from the seed, as the Spotify stand-in does). Webhook retries that
 * were waiting are not kept.
 */
const COLLECTIONS = [
  'customers',
  'products',
  'prices',
  'paymentMethods',
  'checkoutSessions',
  'subscriptions',
  'invoiceItems',
  'invoices',
  'paymentIntents',
  'portalSessions',
  'events',
] as const;

const recordList = z.array(z.looseObject({ id: z.string(), seq: z.number().int() }));

const stateSchema = z.object({
  format: z.literal(1),
  clockOffsetSeconds: z.number().int(),
  idempotency: z.array(
    z.object({
      key: z.string(),
      route: z.string(),
      fingerprint: z.string(),
      status: z.number().int(),
      body: z.string(),
      requestId: z.string(),
      created: z.number().int(),
    }),
  ),
  ...Object.fromEntries(COLLECTIONS.map((name) => [name, recordList])),
});

type SavedState = z.infer<typeof stateSchema> &
  Record<(typeof COLLECTIONS)[number], { id: string; seq: number }[]>;

export interface LoadedState {
  restore(store: StripeStore, clock: StandInClock): void;
}

export function loadState(path: string, warn: (message: string) => void): LoadedState | undefined {
  if (!existsSync(path)) return undefined;
  let state: SavedState;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success) {
      warn(
        `Stripe stand-in: ignoring ${path} (${parsed.error.issues[0]?.message ?? 'invalid'}); starting from the seed.`,
      );
      return undefined;
    }
    state = parsed.data as SavedState;
  } catch (error) {
    warn(
      `Stripe stand-in: ignoring ${path} (${(error as Error).message}); starting from the seed.`,
    );
    return undefined;
  }
  return {
    restore(store, clock) {
      for (const name of COLLECTIONS) {
        const map = store[name] as Map<string, unknown>;
        for (const record of state[name]) map.set(record.id, record);
        store.restoreSeq(state[name]);
      }
      for (const record of state.idempotency) store.idempotency.set(record.key, record);
      clock.offset = state.clockOffsetSeconds;
    },
  };
}

/** Writes to a temporary file and renames it, so a crash never leaves half a file. */
export function saveState(path: string, store: StripeStore, clock: StandInClock): void {
  mkdirSync(dirname(path), { recursive: true });
  const state = {
    format: 1,
    clockOffsetSeconds: clock.offset,
    idempotency: [...store.idempotency.values()],
    ...Object.fromEntries(COLLECTIONS.map((name) => [name, [...store[name].values()]])),
  };
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, path);
}
