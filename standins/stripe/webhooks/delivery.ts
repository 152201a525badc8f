import { stripeSignature } from './signature.js';

/**
 * Webhook delivery: each event is POSTed to every endpoint that listens for its type,
 * signed as Stripe signs, one at a time per endpoint in the order events were made.
 * A non-2xx answer, a refused connection or a timeout is retried with exponential backoff
 * (base delay × 2^n, compressible for tests) up to `maxAttempts`; every attempt is
 * recorded. Tests can hold deliveries and release them in another order, fail the next N,
 * deliver the next N twice, or resend an event.
 *
 * Delivery runs on the real clock: the stand-in's billing clock may be far ahead of it,
 * and a signature must carry a timestamp the receiver's tolerance window accepts.
 */
export interface WebhookEndpointConfig {
  url: string;
  /** The endpoint's signing secret, `whsec_...`. */
  secret: string;
  /** Event types to send; all when absent (Stripe's `enabled_events: ['*']`). */
  enabledEvents?: string[];
}

export interface DeliveryOptions {
  /** First retry after this many ms, then doubling (default 30 minutes). */
  retryBaseDelayMs?: number;
  /** Attempts in all, the first included (default 4: three retries). */
  maxAttempts?: number;
  /** How long to wait for an endpoint's answer (default 10 s). */
  timeoutMs?: number;
  /** Milliseconds for signature timestamps (default Date.now). */
  signingNow?: () => number;
}

export interface DeliveryAttempt {
  eventId: string;
  eventType: string;
  url: string;
  attempt: number;
  at: string;
  /** The endpoint's HTTP status; null when no answer came. */
  status: number | null;
  ok: boolean;
  error: string | null;
  /** Failed on purpose by failNextDeliveries; nothing was sent. */
  simulated: boolean;
  /** Sent by a resend or a duplicate, outside the automatic schedule. */
  extra: boolean;
}

interface Job {
  eventId: string;
  endpoint: WebhookEndpointConfig;
}

export interface EventPayload {
  type: string;
  /** The event's JSON as sent, given how many endpoints still wait for it. */
  body: (pendingWebhooks: number) => string;
}

export class WebhookDispatcher {
  readonly attempts: DeliveryAttempt[] = [];
  private held: Job[] | null = null;
  private failures = 0;
  private duplicates = 0;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly pending = new Set<Promise<void>>();
  /** Scheduled retries, each with what settles its wait when it is cancelled. */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly undelivered = new Map<string, Set<string>>();
  private readonly aborts = new Set<AbortController>();
  private closed = false;

  constructor(
    public endpoints: WebhookEndpointConfig[],
    private readonly payloadOf: (eventId: string) => EventPayload | undefined,
    private readonly options: DeliveryOptions = {},
  ) {}

  /** How many endpoints have not yet acknowledged this event (the event's pending_webhooks). */
  pendingFor(eventId: string): number {
    return this.undelivered.get(eventId)?.size ?? 0;
  }

  enqueue(eventId: string, type: string): void {
    const endpoints = this.listening(type);
    if (endpoints.length === 0) return;
    this.undelivered.set(eventId, new Set(endpoints.map((endpoint) => endpoint.url)));
    for (const endpoint of endpoints) {
      const job = { eventId, endpoint };
      if (this.held) {
        this.held.push(job);
        continue;
      }
      this.inOrder(job, 1, false);
      if (this.duplicates > 0) {
        this.duplicates -= 1;
        this.inOrder(job, 1, true);
      }
    }
  }

  hold(): void {
    this.held ??= [];
  }

  heldCount(): number {
    return this.held?.length ?? 0;
  }

  /** Sends what was held, one after another, in the order asked; resolves once all were tried. */
  async release(order: 'created' | 'reverse' = 'created'): Promise<DeliveryAttempt[]> {
    const jobs = this.held ?? [];
    this.held = null;
    if (order === 'reverse') jobs.reverse();
    const results: DeliveryAttempt[] = [];
    for (const job of jobs) results.push(await this.track(this.attempt(job, 1, false)));
    return results;
  }

  failNext(count: number): void {
    this.failures += count;
  }

  duplicateNext(count: number): void {
    this.duplicates += count;
  }

  /** Sends an event again to every endpoint listening for it (the Dashboard's "Resend"). */
  async resend(eventId: string, type: string): Promise<DeliveryAttempt[]> {
    const endpoints = this.listening(type);
    const results: DeliveryAttempt[] = [];
    for (const endpoint of endpoints)
      results.push(await this.track(this.attempt({ eventId, endpoint }, 1, true)));
    return results;
  }

  /** Resolves once nothing is being sent and no retry is waiting. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.closed = true;
    for (const [timer, settle] of this.timers) {
      clearTimeout(timer);
      settle();
    }
    this.timers.clear();
    for (const controller of this.aborts) controller.abort();
  }

  private listening(type: string): WebhookEndpointConfig[] {
    return this.endpoints.filter(
      (endpoint) =>
        !endpoint.enabledEvents ||
        endpoint.enabledEvents.includes('*') ||
        endpoint.enabledEvents.includes(type),
    );
  }

  private track<T>(work: Promise<T>): Promise<T> {
    const done = work.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(done);
    void done.then(() => this.pending.delete(done));
    return work;
  }

  /** One endpoint's deliveries go out one at a time, in the order they were queued. */
  private inOrder(job: Job, attempt: number, extra: boolean): void {
    const previous = this.chains.get(job.endpoint.url) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => this.attempt(job, attempt, extra))
      .then(() => undefined);
    this.chains.set(job.endpoint.url, next);
    void this.track(next);
  }

  private async attempt(job: Job, attempt: number, extra: boolean): Promise<DeliveryAttempt> {
    const payload = this.payloadOf(job.eventId);
    const record: DeliveryAttempt = {
      eventId: job.eventId,
      eventType: payload?.type ?? 'unknown',
      url: job.endpoint.url,
      attempt,
      at: new Date().toISOString(),
      status: null,
      ok: false,
      error: null,
      simulated: false,
      extra,
    };
    if (this.closed || !payload) {
      record.error = this.closed ? 'stand-in closed' : 'event no longer kept';
      return record;
    }
    if (this.failures > 0) {
      this.failures -= 1;
      record.simulated = true;
      record.error = 'failed on purpose (failNextDeliveries)';
    } else {
      await this.send(job, payload, record);
    }
    this.attempts.push(record);
    if (record.ok) this.undelivered.get(job.eventId)?.delete(job.endpoint.url);
    else if (!extra) this.scheduleRetry(job, attempt);
    return record;
  }

  private async send(job: Job, payload: EventPayload, record: DeliveryAttempt): Promise<void> {
    const body = payload.body(this.pendingFor(job.eventId));
    const timestamp = Math.floor((this.options.signingNow ?? Date.now)() / 1000);
    const controller = new AbortController();
    this.aborts.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.options.timeoutMs ?? 10_000);
    try {
      const response = await fetch(job.endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignature(body, job.endpoint.secret, timestamp),
        },
        body,
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      record.status = response.status;
      record.ok = response.status >= 200 && response.status < 300;
      if (!record.ok) record.error = `HTTP ${response.status}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      record.error = controller.signal.aborted
        ? 'timed out'
        : (cause?.code ?? (error as Error).message);
    } finally {
      clearTimeout(timeout);
      this.aborts.delete(controller);
    }
  }

  private scheduleRetry(job: Job, attempt: number): void {
    if (this.closed || attempt >= (this.options.maxAttempts ?? 4)) return;
    const delay = (this.options.retryBaseDelayMs ?? 30 * 60_000) * 2 ** (attempt - 1);
    let finish: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (finish = resolve));
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(job, attempt + 1, false).finally(finish);
    }, delay);
    // A demo process must not stay alive only for a retry hours away.
    timer.unref();
    this.timers.set(timer, finish);
    this.pending.add(waiting);
    void waiting.then(() => this.pending.delete(waiting));
  }
}
