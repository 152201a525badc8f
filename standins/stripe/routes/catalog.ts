import type { FastifyInstance } from 'fastify';
import { presentPrice, presentProduct } from '../presenters/catalog.js';
import { apiRoute, page, PAGING } from '../routeSupport.js';
import type { StandInCore } from '../standInCore.js';
import { newestFirst } from '../store.js';

/** /v1/products and /v1/prices: the seeded plans, read only. */
export function registerCatalogRoutes(app: FastifyInstance, core: StandInCore): void {
  apiRoute(app, core, 'GET', '/products/:id', (call) => {
    call.params([]);
    return presentProduct(core.store.product(call.path.id ?? ''));
  });

  apiRoute(app, core, 'GET', '/products', (call) => {
    const params = call.params([...PAGING, 'active', 'ids']);
    const active = params.boolean('active');
    const ids = params.stringList('ids');
    const records = newestFirst(core.store.products.values()).filter(
      (product) =>
        (active === undefined || product.active === active) && (!ids || ids.includes(product.id)),
    );
    return page(records, params, '/v1/products', presentProduct);
  });

  apiRoute(app, core, 'GET', '/prices/:id', (call) => {
    call.params([]);
    return presentPrice(core.store.price(call.path.id ?? ''));
  });

  apiRoute(app, core, 'GET', '/prices', (call) => {
    const params = call.params([...PAGING, 'active', 'lookup_keys', 'product', 'type', 'currency']);
    const active = params.boolean('active');
    const lookupKeys = params.stringList('lookup_keys', 10);
    const product = params.string('product');
    const type = params.oneOf('type', ['one_time', 'recurring'] as const);
    const currency = params.string('currency');
    const records = newestFirst(core.store.prices.values()).filter(
      (price) =>
        (active === undefined || price.active === active) &&
        (!lookupKeys || (price.lookupKey !== null && lookupKeys.includes(price.lookupKey))) &&
        (product === undefined || price.productId === product) &&
        (type === undefined || type === 'recurring') &&
        (currency === undefined || price.currency === currency),
    );
    return page(records, params, '/v1/prices', presentPrice);
  });
}
