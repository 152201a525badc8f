/**
 * The stand-in's clock, like a Stripe test clock: it follows the given `now()` (the real
 * time by default, or a test's controlled clock) plus whatever it has been advanced by.
 * While due work catches up (renewals, retries), the clock is pinned to each piece of
 * work's own time, so its objects and events carry the moment they would have happened.
 */
export class StandInClock {
  private offsetSeconds = 0;
  private pinned: number | undefined;

  constructor(private readonly base: () => Date) {}

  /** Unix seconds. */
  now(): number {
    return this.pinned ?? Math.floor(this.base().getTime() / 1000) + this.offsetSeconds;
  }

  /** Where the clock stands without any pin (the time work is caught up to). */
  unpinned(): number {
    return Math.floor(this.base().getTime() / 1000) + this.offsetSeconds;
  }

  advance(seconds: number): void {
    this.offsetSeconds += seconds;
  }

  get offset(): number {
    return this.offsetSeconds;
  }

  set offset(seconds: number) {
    this.offsetSeconds = seconds;
  }

  at<T>(time: number, work: () => T): T {
    const previous = this.pinned;
    this.pinned = time;
    try {
      return work();
    } finally {
      this.pinned = previous;
    }
  }
}
