/**
 * How Stripe's checkout sends the browser back to /account/upgrade: `?session_id={id}` once
 * paid, `?canceled=1` from its back arrow.
 */
export function checkoutReturnQuery(search: URLSearchParams) {
  return { sessionId: search.get('session_id'), canceled: search.has('canceled') };
}

export function isCheckoutReturn(search: URLSearchParams): boolean {
  const { sessionId, canceled } = checkoutReturnQuery(search);
  return sessionId !== null || canceled;
}
