/**
 * Faults to inject: the next N requests (optionally only those whose path contains a given
 * text, or with a given method) are answered with 429 + Retry-After, a 5xx, or slowly.
 * Rules are used in the order they were added; each request takes at most one.
 */
export type FaultKind =
  | { kind: 'rateLimit'; retryAfterSeconds: number }
  | { kind: 'serverError'; status?: 500 | 502 | 503 | 504 }
  | { kind: 'delay'; delayMs: number };

export type FaultRule = FaultKind & {
  /** How many requests it applies to; default 1. */
  times?: number;
  /** Only requests whose path (after the prefix, e.g. '/v1/me/playlists') contains this. */
  pathContains?: string;
  method?: string;
};

interface ActiveRule {
  fault: FaultKind;
  remaining: number;
  pathContains: string | undefined;
  method: string | undefined;
}

export class FaultQueue {
  private rules: ActiveRule[] = [];

  add(rule: FaultRule): void {
    const { times = 1, pathContains, method, ...fault } = rule;
    this.rules.push({
      fault: fault as FaultKind,
      remaining: times,
      pathContains,
      method: method?.toUpperCase(),
    });
  }

  /** The fault for this request, if a rule matches; consumes one use of it. */
  take(method: string, path: string): FaultKind | undefined {
    const rule = this.rules.find(
      (candidate) =>
        candidate.remaining > 0 &&
        (candidate.method === undefined || candidate.method === method) &&
        (candidate.pathContains === undefined || path.includes(candidate.pathContains)),
    );
    if (!rule) return undefined;
    rule.remaining -= 1;
    this.rules = this.rules.filter((candidate) => candidate.remaining > 0);
    return rule.fault;
  }

  pending(): number {
    return this.rules.reduce((sum, rule) => sum + rule.remaining, 0);
  }

  clear(): void {
    this.rules = [];
  }
}
