import type Stripe from 'stripe';
import { newId } from './ids.js';
import type { EventRecord } from './model.js';
import type { StripeStore } from './store.js';

/**
 * Stripe Event objects: every change the stand-in makes records one, with `data.object`
 * as the object stood at that moment and, for `*.updated` events, `previous_attributes`
 * holding the old values of what changed. Events are kept 30 days, as Stripe keeps them.
 */
export const API_VERSION = '2026-10-28.endive';
export const EVENT_RETENTION_SECONDS = 30 * 24 * 3600;

export interface RequestContext {
  requestId: string;
  idempotencyKey: string | null;
}

type Json = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The old values of what changed, as Stripe reports them: nested hashes hold only their
 * changed keys (so a list gives `{data: [...old items]}`); arrays and scalars whole.
 */
export function previousAttributes(before: Json, after: Json): Json | null {
  const previous: Json = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[key];
    const now = after[key];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    if (isPlainObject(old) && isPlainObject(now))
      previous[key] = previousAttributes(old, now) ?? {};
    else previous[key] = old === undefined ? null : old;
  }
  return Object.keys(previous).length > 0 ? previous : null;
}

export class EventLog {
  constructor(
    private readonly store: StripeStore,
    private readonly now: () => number,
    private readonly request: () => RequestContext | null,
    private readonly onEvent: (event: EventRecord) => void,
  ) {}

  emit(type: string, object: object, previous?: Json | null): EventRecord {
    const request = this.request();
    const event: EventRecord = {
      id: newId('evt'),
      created: this.now(),
      seq: this.store.nextSeq(),
      type,
      // A snapshot: later changes to the object must not show in an event already made.
      object: JSON.parse(JSON.stringify(object)) as Json,
      previousAttributes: previous ?? null,
      requestId: request?.requestId ?? null,
      idempotencyKey: request?.idempotencyKey ?? null,
    };
    this.store.events.set(event.id, event);
    this.onEvent(event);
    return event;
  }

  prune(now: number): void {
    for (const [id, event] of this.store.events) {
      if (event.created < now - EVENT_RETENTION_SECONDS) this.store.events.delete(id);
    }
  }
}

export function presentEvent(record: EventRecord, pendingWebhooks: number): Stripe.EventBase {
  return {
    id: record.id,
    object: 'event',
    api_version: API_VERSION,
    created: record.created,
    data: {
      object: record.object,
      ...(record.previousAttributes ? { previous_attributes: record.previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: pendingWebhooks,
    request: record.requestId
      ? { id: record.requestId, idempotency_key: record.idempotencyKey }
      : { id: null, idempotency_key: null },
    type: record.type as Stripe.Event.Type,
  };
}
