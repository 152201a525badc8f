import type { FastifyInstance } from 'fastify';
import { newId } from '../ids.js';
import type { PortalSessionRecord } from '../model.js';
import { presentPortalSession } from '../presenters/portalSession.js';
import { apiRoute } from '../routeSupport.js';
import type { StandInCore } from '../standInCore.js';
import { invalidRequest } from '../stripeErrors.js';

/** POST /v1/billing_portal/sessions: a short-lived link to the hosted customer portal. */
export const PORTAL_SESSION_SECONDS = 3600;

export function registerBillingPortalRoutes(app: FastifyInstance, core: StandInCore): void {
  apiRoute(app, core, 'POST', '/billing_portal/sessions', (call) => {
    const params = call.params(['customer', 'return_url', 'locale', 'configuration']);
    const customerId = params.requiredString('customer');
    const customer = core.store.customer(customerId, 'customer');
    const returnUrl = params.string('return_url', { max: 5000 });
    if (returnUrl !== undefined) {
      let valid = false;
      try {
        valid = ['http:', 'https:'].includes(new URL(returnUrl).protocol);
      } catch {
        valid = false;
      }
      if (!valid) throw invalidRequest('Not a valid URL', 'return_url', 'url_invalid');
    }
    params.string('locale');
    params.string('configuration');
    const now = core.clock.now();
    const record: PortalSessionRecord = {
      id: newId('bps'),
      created: now,
      seq: core.store.nextSeq(),
      customerId: customer.id,
      returnUrl: returnUrl ?? null,
      expiresAt: now + PORTAL_SESSION_SECONDS,
    };
    core.store.portalSessions.set(record.id, record);
    const session = presentPortalSession(core.present(), record);
    core.events.emit('billing_portal.session.created', session);
    return session;
  });
}
