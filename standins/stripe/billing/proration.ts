/**
 * Proration to the second, as Stripe computes it when a subscription item's price changes
 * mid-period: a credit for the unused time on the old price and a charge for the remaining
 * time on the new one, each the period amount × (period end − proration date) / period
 * length, rounded to the cent (halves away from zero) on each line.
 */
export interface ProrationInput {
  oldAmount: number;
  newAmount: number;
  periodStart: number;
  periodEnd: number;
  prorationDate: number;
}

export function remainingShare(periodStart: number, periodEnd: number, at: number): number {
  if (periodEnd <= periodStart) return 0;
  const clamped = Math.min(Math.max(at, periodStart), periodEnd);
  return (periodEnd - clamped) / (periodEnd - periodStart);
}

const roundCents = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount));

export function switchProration(input: ProrationInput): { credit: number; charge: number } {
  const share = remainingShare(input.periodStart, input.periodEnd, input.prorationDate);
  return {
    credit: -roundCents(input.oldAmount * share) || 0,
    charge: roundCents(input.newAmount * share) || 0,
  };
}
