import type { FastifyInstance } from 'fastify';
import { presentEvent } from '../events.js';
import type { EventRecord } from '../model.js';
import { apiRoute, page, PAGING } from '../routeSupport.js';
import type { StandInCore } from '../standInCore.js';
import { newestFirst } from '../store.js';

/** /v1/events: the last 30 days of events, filterable by type (with `*` wildcards). */
function typeMatcher(pattern: string): (type: string) => boolean {
  if (!pattern.includes('*')) return (type) => type === pattern;
  const expression = new RegExp(
    `^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^]*')}$`,
  );
  return (type) => expression.test(type);
}

export function registerEventRoutes(app: FastifyInstance, core: StandInCore): void {
  const present = (record: EventRecord) =>
    presentEvent(record, core.webhooks.pendingFor(record.id));

  apiRoute(app, core, 'GET', '/events/:id', (call) => {
    call.params([]);
    return present(core.store.event(call.path.id ?? ''));
  });

  apiRoute(app, core, 'GET', '/events', (call) => {
    const params = call.params([...PAGING, 'type', 'types', 'created', 'delivery_success']);
    const type = params.string('type');
    const types = params.stringList('types', 20);
    const deliverySuccess = params.boolean('delivery_success');
    const created = params.object('created')?.only(['gt', 'gte', 'lt', 'lte']);
    const range = {
      gt: created?.integer('gt'),
      gte: created?.integer('gte'),
      lt: created?.integer('lt'),
      lte: created?.integer('lte'),
    };
    const matchers = [type, ...(types ?? [])]
      .filter((each): each is string => each !== undefined)
      .map(typeMatcher);
    const records = newestFirst(core.store.events.values()).filter(
      (event) =>
        (matchers.length === 0 || matchers.some((matches) => matches(event.type))) &&
        (deliverySuccess === undefined ||
          (core.webhooks.pendingFor(event.id) === 0) === deliverySuccess) &&
        (range.gt === undefined || event.created > range.gt) &&
        (range.gte === undefined || event.created >= range.gte) &&
        (range.lt === undefined || event.created < range.lt) &&
        (range.lte === undefined || event.created <= range.lte),
    );
    return page(records, params, '/v1/events', present);
  });
}
