/**
 * The placing playlist's followers over a swap's period against its own trend before it
 * (docs/swap-outcomes.md). The placement rules (in place, honoured, left early) are in
 * common/domain/swapOutcome.ts.
 */

export interface FollowerDay {
  day: string;
  followers: number | null;
}

export interface FollowersAgainstTrend {
  atStart: number | null;
  atEnd: number | null;
  change: number | null;
  trendPerDay: number | null;
  expectedChange: number | null;
  beyondTrend: number | null;
}

/** Days of history before the period that its trend is taken from. */
export const TREND_DAYS = 28;
/** Fewer day-to-day changes than this before the period: no trend (not enough history). */
export const TREND_MIN_CHANGES = 7;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The playlist's followers at the period's start (the last count on or before its first day,
 * else the first after it) and end (the last count on or before `lastDay`), and its trend
 * before: the median of the day-to-day changes in the TREND_DAYS before the start (a median,
 * so one bought spike does not make the trend), times the days between the two counts.
 */
export function followersAgainstTrend(
  history: readonly FollowerDay[],
  startDay: string,
  lastDay: string,
): FollowersAgainstTrend {
  const known = history
    .filter((point): point is { day: string; followers: number } => point.followers !== null)
    .filter((point) => point.day <= lastDay)
    .sort((a, b) => a.day.localeCompare(b.day));
  const before = known.filter((point) => point.day <= startDay);
  const start = before[before.length - 1] ?? known.find((point) => point.day > startDay);
  const end = known[known.length - 1];
  const empty = {
    atStart: null,
    atEnd: null,
    change: null,
    trendPerDay: null,
    expectedChange: null,
    beyondTrend: null,
  };
  if (!start || !end) return empty;

  const from = dayNumber(startDay) - TREND_DAYS;
  const changes: number[] = [];
  for (let index = 1; index < before.length; index++) {
    const previous = before[index - 1]!;
    const current = before[index]!;
    if (dayNumber(previous.day) < from) continue;
    const days = dayNumber(current.day) - dayNumber(previous.day);
    changes.push((current.followers - previous.followers) / days);
  }
  const trendPerDay = changes.length >= TREND_MIN_CHANGES ? median(changes) : null;
  const change = end.followers - start.followers;
  const expectedChange =
    trendPerDay === null
      ? null
      : Math.round(trendPerDay * Math.max(0, dayNumber(end.day) - dayNumber(start.day)));
  return {
    atStart: start.followers,
    atEnd: end.followers,
    change,
    trendPerDay,
    expectedChange,
    beyondTrend: expectedChange === null ? null : change - expectedChange,
  };
}
