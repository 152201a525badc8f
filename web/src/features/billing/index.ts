import { lazyComponent } from '../../shared/lib/lazyLoad';

/** The billing feature's entry: the upgrade and checkout calls and the billing portal. */
export { useSessionCheckQuery, useUpgradeMutation } from './billingApi';
export { useOpenBillingPortal } from './useOpenBillingPortal';

/** The billing section of the profile; its code (Stripe calls, invoices) loads when shown. */
export const BillingSection = lazyComponent(() => import('./BillingSection'), 'BillingSection');
