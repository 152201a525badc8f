import { CheckoutReturnNotice } from './CheckoutReturnNotice';
import { useCheckoutReturn } from './useCheckoutReturn';

/**
 * What /account/upgrade says about a return from Stripe's checkout (`session_id` or
 * `canceled` in its query). Its calls load only for such a return.
 */
export function CheckoutReturn({
  search,
  onChoosePlan,
}: {
  search: URLSearchParams;
  onChoosePlan: () => void;
}) {
  return <CheckoutReturnNotice state={useCheckoutReturn(search)} onChoosePlan={onChoosePlan} />;
}
