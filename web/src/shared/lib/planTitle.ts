/** A plan's name as shown to people: free -> Free, trial -> Trial. */
export function planTitle(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/**
 * The plan whose limits apply, as shown next to them: "Pro", or "Trial (Pro limits)" while a
 * trial runs, "Trial ended (Free limits)" after it.
 */
export function limitsPlanLabel(customerPlan: string, effectivePlan: string): string {
  if (customerPlan !== 'trial') return planTitle(effectivePlan);
  return effectivePlan === 'free'
    ? 'Trial ended (Free limits)'
    : `Trial (${planTitle(effectivePlan)} limits)`;
}
