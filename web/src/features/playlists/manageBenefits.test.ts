import { describe, expect, it } from 'vitest';
import { manageBenefits } from './manageBenefits';

describe('manageBenefits', () => {
  it('names removal dates only with the flag on, and locks only where the plan has them', () => {
    expect(manageBenefits({ locks: true, removalDates: true })).toBe(
      'lock tracks at their positions, plan when tracks leave and follow its followers',
    );
    expect(manageBenefits({ locks: true, removalDates: false })).toBe(
      'lock tracks at their positions and follow its followers',
    );
    expect(manageBenefits({ locks: false, removalDates: false })).toBe(
      'follow its followers; locking tracks at their positions comes with paid plans',
    );
    expect(manageBenefits({ locks: false, removalDates: true })).toBe(
      'plan when tracks leave and follow its followers; locking tracks at their positions comes with paid plans',
    );
  });
});
