/**
 * Playlist health (docs/playlist-health.md): a label for a playlist from its daily follower
 * counts, with evidence a curator can check. Robust statistics on the daily changes: each
 * change is scored against the median change by the median absolute deviation (MAD), so one
 * bought spike cannot hide itself by raising the average it is compared with.
 *
 * Pure: the job (server) feeds it the stored history; the tests feed it generated series.
 */

/** clean / suspicious / likely bought, or not enough history yet (never a verdict). */
export const HEALTH_LABELS = ['clean', 'suspicious', 'bought', 'unknown'] as const;
export type HealthLabel = (typeof HEALTH_LABELS)[number];

/** The words a curator reads for each label. */
export const HEALTH_LABEL_TEXT: Record<HealthLabel, string> = {
  clean: 'Clean',
  suspicious: 'Suspicious',
  bought: 'Likely bought',
  unknown: 'Not enough history yet',
};

/** One day's follower count (`day` as yyyy-MM-dd); null where Spotify gave no count. */
export interface DailyCount {
  day: string;
  followers: number | null;
}

export interface HealthInput {
  /** The playlist's daily counts, oldest first (the job passes the last HEALTH_WINDOW_DAYS). */
  history: readonly DailyCount[];
  /** Tracks in the playlist now. */
  tracks: number;
  /**
   * The same curator's other playlists' histories that this label may speak of: for a
   * playlist others can see, only their other visible playlists (a label never tells of a
   * private playlist); for a private one, all of them.
   */
  siblings?: readonly (readonly DailyCount[])[];
}

export interface HealthAssessment {
  label: HealthLabel;
  /** Sentences a curator can check against the follower chart, most telling first. */
  evidence: string[];
}

/** Days of history the method reads. */
export const HEALTH_WINDOW_DAYS = 90;
/** Day-to-day changes needed before any verdict (about two weeks). */
export const MIN_CHANGES = 14;
/** 1.4826 × MAD estimates the standard deviation of normally spread changes. */
const MAD_SCALE = 1.4826;
/** A change this many robust deviations from the median change is unusual. */
export const UNUSUAL_SCORE = 10;
/** ...and only if it moves at least this many followers... */
export const MIN_JUMP_FOLLOWERS = 50;
/** ...and at least this share of the followers the day before. */
export const MIN_JUMP_SHARE = 0.01;
/** Days after a rise in which losing followers counts as its purge. */
export const PURGE_DAYS = 7;
/** The share of a rise lost within PURGE_DAYS that makes it a purge. */
export const PURGE_SHARE = 0.5;
/** Followers per track from which the ratio backs up an unusual rise... */
export const FOLLOWERS_PER_TRACK = 500;
/** ...for playlists with at least this many followers. */
export const RATIO_MIN_FOLLOWERS = 5_000;
/** Two rises are "the same amount" within this share of the larger (or 2 followers). */
export const SAME_AMOUNT_SHARE = 0.02;

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface Change {
  /** The day the change was seen (the later of two consecutive days). */
  day: string;
  change: number;
  /** Followers on the day before. */
  before: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** Changes between consecutive days whose counts are both known (a gap day gives none). */
export function dailyChanges(history: readonly DailyCount[]): Change[] {
  const changes: Change[] = [];
  for (let index = 1; index < history.length; index += 1) {
    const previous = history[index - 1]!;
    const current = history[index]!;
    if (previous.followers === null || current.followers === null) continue;
    if (dayNumber(current.day) - dayNumber(previous.day) !== 1) continue;
    changes.push({
      day: current.day,
      change: current.followers - previous.followers,
      before: previous.followers,
    });
  }
  return changes;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11-03" → "3 Nov". */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(date)} ${MONTHS[Number(month) - 1] ?? month}`;
}

const count = (value: number) => Math.round(value).toLocaleString('en-US');
const NUMBER_WORDS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const inWords = (value: number) => NUMBER_WORDS[value] ?? String(value);

function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(2, SAME_AMOUNT_SHARE * Math.max(Math.abs(a), Math.abs(b)));
}

const isJump = (change: Change) =>
  Math.abs(change.change) >= Math.max(MIN_JUMP_FOLLOWERS, MIN_JUMP_SHARE * change.before);

/**
 * The label and its evidence. Clean: no unusual change. Suspicious: an unusual rise or drop
 * with nothing backing it up (one rise can be a blog feature). Likely bought: an unusual rise
 * backed up by its purge, a second unusual rise, the same rise on the curator's other
 * playlists the same day, or a followers-per-track ratio few organic playlists reach.
 */
export function assessPlaylistHealth(input: HealthInput): HealthAssessment {
  const changes = dailyChanges(input.history);
  if (changes.length < MIN_CHANGES)
    return {
      label: 'unknown',
      evidence: [
        `${changes.length} of the ${MIN_CHANGES} day-to-day follower changes it needs so far`,
      ],
    };

  const center = median(changes.map((change) => change.change));
  const mad = median(changes.map((change) => Math.abs(change.change - center)));
  const spread = Math.max(1, MAD_SCALE * mad);
  const usual = Math.max(1, median(changes.map((change) => Math.abs(change.change))));
  const score = (change: Change) => (change.change - center) / spread;
  const times = (change: Change) => Math.max(2, Math.round(Math.abs(change.change) / usual));

  const rises = changes.filter((change) => score(change) >= UNUSUAL_SCORE && isJump(change));
  const drops = changes.filter((change) => score(change) <= -UNUSUAL_SCORE && isJump(change));

  const evidence: string[] = [];
  let backedUp = rises.length >= 2;
  const inPurge = new Set<string>();

  for (const rise of rises) {
    evidence.push(
      `+${count(rise.change)} followers on ${shortDay(rise.day)}, ${times(rise)} times its usual daily change`,
    );
    const start = dayNumber(rise.day);
    const after = changes.filter((change) => {
      const offset = dayNumber(change.day) - start;
      return offset >= 1 && offset <= PURGE_DAYS && change.change < 0;
    });
    const lost = -after.reduce((sum, change) => sum + change.change, 0);
    if (lost >= PURGE_SHARE * rise.change) {
      backedUp = true;
      for (const change of after) inPurge.add(change.day);
      evidence.push(`lost ${count(lost)} followers within a week after that rise`);
    }
    const alike = (input.siblings ?? []).filter((sibling) =>
      dailyChanges(sibling).some(
        (change) =>
          change.day === rise.day && isJump(change) && sameAmount(change.change, rise.change),
      ),
    ).length;
    if (alike > 0) {
      backedUp = true;
      evidence.push(
        `${inWords(alike + 1)} playlists of this curator rose by the same amount on the same day`,
      );
    }
  }
  for (const drop of drops) {
    if (inPurge.has(drop.day)) continue;
    evidence.push(
      `lost ${count(-drop.change)} followers on ${shortDay(drop.day)}, ${times(drop)} times its usual daily change`,
    );
  }

  const last = [...input.history].reverse().find((point) => point.followers !== null);
  const followers = last?.followers ?? 0;
  const perTrack = input.tracks > 0 ? followers / input.tracks : 0;
  if (evidence.length === 0)
    return {
      label: 'clean',
      evidence: [`no unusual daily change in ${changes.length} days of follower counts`],
    };
  if (rises.length > 0 && followers >= RATIO_MIN_FOLLOWERS && perTrack >= FOLLOWERS_PER_TRACK) {
    backedUp = true;
    evidence.push(`followers per track ${count(perTrack)}`);
  }
  return { label: backedUp && rises.length > 0 ? 'bought' : 'suspicious', evidence };
}
