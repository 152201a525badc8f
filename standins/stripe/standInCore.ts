import { StandInClock } from './clock.js';
import { EventLog, presentEvent, previousAttributes, type RequestContext } from './events.js';
import type { CustomerRecord, SubscriptionRecord } from './model.js';
import { loadState, saveState } from './persistence.js';
import { presentCustomer } from './presenters/customer.js';
import { presentSubscription } from './presenters/subscription.js';
import type { PresentContext } from './presenters/support.js';
import { seedCatalog } from './seedCatalog.js';
import { StripeStore } from './store.js';
import {
  WebhookDispatcher,
  type DeliveryOptions,
  type WebhookEndpointConfig,
} from './webhooks/delivery.js';

export interface DunningSettings {
  /**
   * Days after an invoice's first failed payment on which Stripe tries again (Stripe's
   * "custom retry schedule"); default [3, 5, 7]: four attempts within a week.
   */
  retryDays?: number[];
  /** What happens to the subscription when the last retry fails (default 'cancel'). */
  finalAction?: 'cancel' | 'unpaid' | 'past_due';
}

export interface StripeStandInOptions {
  /**
   * Where a browser reaches the stand-in's pages (e.g. 'http://127.0.0.1:3000'); used in
   * Checkout and portal URLs and hosted invoice links. Without it, the origin of the
   * requests it receives.
   */
  publicOrigin?: string;
  /** The clock the stand-in's own clock follows (default: real time). */
  now?: () => Date;
  /** A JSON file to keep customers, subscriptions, invoices and events in across restarts. */
  statePath?: string;
  /** Secret keys accepted; when absent, any `sk_test_...` key. */
  apiKeys?: string[];
  /** Where events are POSTed, each with its signing secret. */
  webhooks?: WebhookEndpointConfig[];
  webhookDelivery?: DeliveryOptions;
  dunning?: DunningSettings;
  /** Shown on the hosted pages (default 'Curator'). */
  businessName?: string;
  /** Serve the control API over HTTP under /_stripe/control (default true). */
  exposeControlApi?: boolean;
  /** How long a Checkout Session stays open (default 24 h, Stripe's default). */
  checkoutSessionLifetimeSeconds?: number;
  warn?: (message: string) => void;
}

/** Everything the routes, pages, billing engine and control API work on. */
export class StandInCore {
  readonly store = new StripeStore();
  readonly clock: StandInClock;
  readonly events: EventLog;
  readonly webhooks: WebhookDispatcher;
  private request: RequestContext | null = null;
  private seenOrigin: string | undefined;

  constructor(readonly options: StripeStandInOptions = {}) {
    this.clock = new StandInClock(options.now ?? (() => new Date()));
    this.events = new EventLog(
      this.store,
      () => this.clock.now(),
      () => this.request,
      (event) => this.webhooks.enqueue(event.id, event.type),
    );
    this.webhooks = new WebhookDispatcher(
      options.webhooks ?? [],
      (eventId) => {
        const event = this.store.events.get(eventId);
        if (!event) return undefined;
        return {
          type: event.type,
          body: (pending) => JSON.stringify(presentEvent(event, pending), null, 2),
        };
      },
      options.webhookDelivery,
    );
    const saved = options.statePath
      ? loadState(options.statePath, options.warn ?? console.warn)
      : undefined;
    saved?.restore(this.store, this.clock);
    this.seed();
  }

  /** The catalogue never changes; a state file from an older seed gains what it lacks. */
  private seed(): void {
    const { products, prices } = seedCatalog(() => this.store.nextSeq());
    for (const product of products)
      if (!this.store.products.has(product.id)) this.store.products.set(product.id, product);
    for (const price of prices)
      if (!this.store.prices.has(price.id)) this.store.prices.set(price.id, price);
  }

  /** Remembers the origin requests come from, for URLs made outside a request (renewals). */
  noteOrigin(origin: string): void {
    this.seenOrigin ??= origin;
  }

  origin(): string {
    return (this.options.publicOrigin ?? this.seenOrigin ?? 'http://127.0.0.1:12111').replace(
      /\/+$/,
      '',
    );
  }

  present(): PresentContext {
    return { store: this.store, origin: this.origin() };
  }

  businessName(): string {
    return this.options.businessName ?? 'Curator';
  }

  /** Runs an API request's work with its id and idempotency key on the events it makes. */
  withRequest<T>(context: RequestContext, work: () => T): T {
    const previous = this.request;
    this.request = context;
    try {
      return work();
    } finally {
      this.request = previous;
    }
  }

  /** Changes a subscription and records customer.subscription.updated with what changed. */
  updateSubscription(record: SubscriptionRecord, change: () => void): void {
    const before = presentSubscription(this.present(), record) as unknown as Record<
      string,
      unknown
    >;
    change();
    const after = presentSubscription(this.present(), record) as unknown as Record<string, unknown>;
    const previous = previousAttributes(before, after);
    if (previous) this.events.emit('customer.subscription.updated', after, previous);
  }

  updateCustomer(record: CustomerRecord, change: () => void): void {
    const before = presentCustomer(this.present(), record) as unknown as Record<string, unknown>;
    change();
    const after = presentCustomer(this.present(), record) as unknown as Record<string, unknown>;
    const previous = previousAttributes(before, after);
    if (previous) this.events.emit('customer.updated', after, previous);
  }

  persist(): void {
    if (!this.options.statePath) return;
    this.events.prune(this.clock.now());
    saveState(this.options.statePath, this.store, this.clock);
  }

  /** Back to the seeded catalogue with no customers; webhook settings and clock kept. */
  reset(): void {
    this.store.clear();
    this.seed();
    this.persist();
  }

  close(): void {
    this.webhooks.close();
  }
}
