/** "a", "a and b", "a, b and c". */
function joinAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * What managing a playlist gives, as the feature flags and the plan allow: removal dates only
 * while the trackRemovaleDate flag is on, locks only on a plan that has them (else it says they
 * come with paid plans). Reads after "Manage a playlist to …".
 */
export function manageBenefits({
  locks,
  removalDates,
}: {
  /** The plan includes locks (every plan but free). */
  locks: boolean;
  removalDates: boolean;
}): string {
  const benefits = joinAnd([
    ...(locks ? ['lock tracks at their positions'] : []),
    ...(removalDates ? ['plan when tracks leave'] : []),
    'follow its followers',
  ]);
  return locks ? benefits : `${benefits}; locking tracks at their positions comes with paid plans`;
}
