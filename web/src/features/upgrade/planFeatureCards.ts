import type {
  FeatureEntry,
  FeatureKey,
  PlanFeatures,
} from '../../../../common/domain/planCatalog.js';
import { UNLIMITED_LOCKS } from '../../../../common/domain/planCatalog.js';
import type { FeatureFlags } from '../../shared/state/featureFlags';

/** The six feature cards of the plan chooser, each filled from one entry. */
export const FEATURE_CARDS = [
  { title: 'Discovery', key: 'discovery' },
  { title: 'Open Swaps', key: 'trades' },
  { title: 'Playlists', key: 'playlists' },
  { title: 'Duplicate Detection', key: 'playlistDuplications' },
  { title: 'Playlist Track Locks', key: 'locks' },
  { title: 'Pre-release Access', key: 'prerelease' },
] as const satisfies readonly { title: string; key: FeatureKey }[];

export type FeatureCardKey = (typeof FEATURE_CARDS)[number]['key'];

const CARD_KEYS: readonly FeatureKey[] = FEATURE_CARDS.map((card) => card.key);

/** A card's big line: the count, 'Unlimited', 'Included' or 'Not included'. */
export function featureHeadline(key: FeatureKey, entry: FeatureEntry): string {
  if (!entry.enabled) return 'Not included';
  if (typeof entry.value !== 'number') return 'Included';
  if (key === 'locks' && entry.value >= UNLIMITED_LOCKS) return 'Unlimited';
  return String(entry.value);
}

/** Features behind a flag: listed only while the flag is on. */
const FEATURE_FLAG_OF: Partial<Record<FeatureKey, keyof FeatureFlags>> = {
  popularityScore: 'popularityScore',
};

/** The plan's other visible entries, listed under the cards ("Also included"). */
export function otherListedFeatures(
  features: PlanFeatures,
  flags: FeatureFlags,
): { key: FeatureKey; entry: FeatureEntry }[] {
  return (Object.entries(features) as [FeatureKey, FeatureEntry][])
    .filter(([key, entry]) => !CARD_KEYS.includes(key) && entry.visible)
    .filter(([key]) => {
      const flag = FEATURE_FLAG_OF[key];
      return flag === undefined || flags[flag];
    })
    .map(([key, entry]) => ({ key, entry }));
}
