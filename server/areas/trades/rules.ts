import { asc, inArray } from 'drizzle-orm';
import { START_DATE_AHEAD_MAX_DAYS } from '../../../common/api/trades/limits.js';
import { type TradeStatus } from '../../../common/api/trades/schemas.js';
import { PLAN_LIMITS } from '../../../common/domain/plans.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict, notFound, validationFailed } from '../../lib/apiError.js';
import type { UserRow } from '../../identity/index.js';
import { limitsOf, planLimitReached } from '../plans/index.js';
import type { SongRow } from '../songs/index.js';
import { countOpenSwaps, type TradeRow } from './data.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);
export const addDays = (moment: Date, days: number) => new Date(moment.getTime() + days * DAY_MS);

/** Every period any plan offers. */
const ANY_PLAN_PERIODS = [
  ...new Set(Object.values(PLAN_LIMITS).flatMap((l) => l.swapPeriodDays)),
].sort((a, b) => a - b);

/** Whose plan refused: the caller's ('user') or the other trader's ('trader'). */
export type Side = 'user' | 'trader';

/**
 * Locks both traders' user rows, always in id order (so two swaps between the same people,
 * opened or accepted at once, wait for each other instead of deadlocking), and answers them.
 */
export async function lockTraders(
  tx: Db,
  callerId: string,
  otherId: string,
): Promise<{ caller: UserRow; other: UserRow }> {
  const rows = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [callerId, otherId]))
    .orderBy(asc(users.id))
    .for('update');
  const caller = rows.find((row) => row.id === callerId);
  const other = rows.find((row) => row.id === otherId);
  if (!caller || !other) throw notFound('There is no such curator to swap with.');
  return { caller, other };
}

/** The period must be one trader one's plan offers (7/14/28, and 56/180/360 on pro and enterprise). */
export function ensurePeriodAllowed(opener: UserRow, periodDays: number, now: Date, side: Side) {
  if (!ANY_PLAN_PERIODS.includes(periodDays)) {
    throw validationFailed({
      periodDays: `Pick a period of ${ANY_PLAN_PERIODS.join(', ')} days.`,
    });
  }
  const limits = limitsOf(opener, now);
  if (!limits.swapPeriodDays.includes(periodDays)) {
    const allowed = limits.swapPeriodDays.join(', ');
    throw planLimitReached(
      'swapPeriods',
      Math.max(...limits.swapPeriodDays),
      periodDays,
      limits.plan,
      {
        message:
          side === 'user'
            ? `The ${limits.plan} plan allows swap periods of ${allowed} days. Choose a bigger plan for longer swaps.`
            : `${opener.name}’s ${limits.plan} plan allows swap periods of ${allowed} days.`,
        details: { side, allowed: [...limits.swapPeriodDays] },
      },
    );
  }
}

/**
 * Whether an open swap uses this trader's open-swap slots: always the opener's (trader one);
 * the other's only once they accepted it, so swaps proposed by strangers cannot fill them.
 */
export function usesSlotsOf(
  trade: Pick<TradeRow, 'traderOneId' | 'traderTwoId' | 'status' | 'traderTwoAccepted'>,
  userId: string,
): boolean {
  if (userId === trade.traderOneId) return true;
  return userId === trade.traderTwoId && (trade.status !== 'pending' || trade.traderTwoAccepted);
}

/**
 * Room for one more open swap (those usesSlotsOf counts: countOpenSwaps). `counted`: the swap in
 * question is already among them (accepting a pending swap), so the count may equal the limit.
 */
export async function ensureOpenSwapRoom(
  tx: Db,
  trader: UserRow,
  now: Date,
  side: Side,
  counted: boolean,
) {
  const limits = limitsOf(trader, now);
  const current = await countOpenSwaps(tx, trader.id);
  if ((counted ? current : current + 1) > limits.openSwaps) {
    throw planLimitReached('openSwaps', limits.openSwaps, current, limits.plan, {
      ...(side === 'trader'
        ? {
            message: `${trader.name} has ${current} open song swaps, the most their ${limits.plan} plan allows.`,
          }
        : {}),
      details: { side },
    });
  }
}

/** A pre-release (upcoming) song may be swapped only when its owner's plan includes pre-release. */
export function ensurePrereleaseAllowed(song: SongRow, owner: UserRow, now: Date, side: Side) {
  if (song.status !== 'upcoming') return;
  const limits = limitsOf(owner, now);
  if (limits.prerelease) return;
  throw planLimitReached('prerelease', 0, 0, limits.plan, {
    ...(side === 'trader'
      ? {
          message: `${owner.name}’s ${limits.plan} plan does not include pre-release songs in swaps.`,
        }
      : {}),
    details: { side, songId: song.id },
  });
}

/** A requested start day: today or later (UTC), at most a year ahead. */
export function ensureStartDate(startDate: string, now: Date) {
  const today = dayOf(now);
  const last = dayOf(addDays(now, START_DATE_AHEAD_MAX_DAYS));
  if (startDate < today) throw validationFailed({ startDate: 'Pick today or a later day.' });
  if (startDate > last) throw validationFailed({ startDate: `Pick a day up to ${last}.` });
}

export function ensureStatus(trade: TradeRow, allowed: readonly TradeStatus[], doing: string) {
  if (!allowed.includes(trade.status)) {
    throw conflict(`This swap is ${trade.status}: you cannot ${doing} now.`);
  }
}

/** Both acceptances cleared: what any change to a pending swap's terms does. */
export const ACCEPTANCES_CLEARED = { traderOneAccepted: false, traderTwoAccepted: false } as const;

/**
 * Where a placed track is in a playlist's items: the occurrence nearest its recorded position
 * (a track can be in a playlist twice), or null when it is not there.
 */
export function locateTrack(
  trackIds: readonly (string | null)[],
  trackId: string,
  recorded: number,
): number | null {
  let best: number | null = null;
  trackIds.forEach((id, index) => {
    if (id !== trackId) return;
    if (best === null || Math.abs(index - recorded) < Math.abs(best - recorded)) best = index;
  });
  return best;
}
