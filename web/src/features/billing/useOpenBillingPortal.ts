import { toDisplayError } from '../../shared/api/displayError';
import { browserNavigation } from '../../shared/lib/browserNavigation';
import { useBillingPortalMutation } from './billingApi';

/**
 * Stripe's billing portal, where the card is changed: a portal session is made for the caller
 * and the browser goes to its URL (the portal links back to the profile).
 */
export function useOpenBillingPortal() {
  const [portal, { isLoading, error }] = useBillingPortalMutation();
  const open = async () => {
    try {
      const { url } = await portal().unwrap();
      browserNavigation.assign(url);
    } catch {
      // The mutation's error is shown where the button is.
    }
  };
  return { open: () => void open(), opening: isLoading, error: toDisplayError(error) };
}
