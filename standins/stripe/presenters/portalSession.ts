import type Stripe from 'stripe';
import type { PortalSessionRecord } from '../model.js';
import type { PresentContext } from './support.js';

export const PORTAL_CONFIGURATION_ID = 'bpc_1LocStandInDefaultConfig';

export function presentPortalSession(
  context: PresentContext,
  record: PortalSessionRecord,
): Stripe.BillingPortal.Session {
  return {
    id: record.id,
    object: 'billing_portal.session',
    configuration: PORTAL_CONFIGURATION_ID,
    created: record.created,
    customer: record.customerId,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: record.returnUrl,
    url: `${context.origin}/_stripe/portal/${record.id}`,
  };
}
