import type { FastifyInstance } from 'fastify';
import { presentPaymentIntent, presentPaymentMethod } from '../presenters/payments.js';
import { apiRoute } from '../routeSupport.js';
import type { StandInCore } from '../standInCore.js';

/** Reading the cards and payment intents the stand-in made. */
export function registerPaymentObjectRoutes(app: FastifyInstance, core: StandInCore): void {
  apiRoute(app, core, 'GET', '/payment_methods/:id', (call) => {
    call.params([]);
    return presentPaymentMethod(core.store.paymentMethod(call.path.id ?? ''));
  });

  apiRoute(app, core, 'GET', '/payment_intents/:id', (call) => {
    call.params(['client_secret']);
    return presentPaymentIntent(core.store.paymentIntent(call.path.id ?? ''));
  });
}
