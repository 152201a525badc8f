/** Feature flags; `trackRemovaleDate` keeps the spec's spelling. */
export const FEATURE_FLAG_NAMES = [
  'discovery',
  'messenger',
  'payments',
  'trackRemovaleDate',
  'popularityScore',
  'tradeHistory',
  'prerelease',
] as const;

export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];
export type FeatureFlags = Record<FeatureFlagName, boolean>;

/** All flags are on by default except trackRemovaleDate and popularityScore. */
export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  discovery: true,
  messenger: true,
  payments: true,
  trackRemovaleDate: false,
  popularityScore: false,
  tradeHistory: true,
  prerelease: true,
};

/** The URL query parameter that switches a flag on, e.g. ?feature=popularityScore. */
export const FEATURE_QUERY_PARAMETER = 'feature';

/** The value written to local storage for a switched-on flag. */
export const STORED_FLAG_VALUE = 'true';

export function isFeatureFlagName(name: string): name is FeatureFlagName {
  return (FEATURE_FLAG_NAMES as readonly string[]).includes(name);
}

/** The local storage key of a flag: feature.{name}. */
export function featureStorageKey(name: FeatureFlagName): string {
  return `feature.${name}`;
}

/** The smallest part of Storage the flag rules need (so tests can pass a plain object). */
export type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Known flags named by `feature` query parameters in a URL search string. */
export function flagsRequestedInUrl(search: string): FeatureFlagName[] {
  const requested = new URLSearchParams(search).getAll(FEATURE_QUERY_PARAMETER);
  return requested.filter(isFeatureFlagName);
}

/**
 * The flags at start: the defaults, with every known flag stored as feature.{name} switched
 * on, and every flag named by a `feature` query parameter stored and switched on.
 */
export function loadFeatureFlags(storage: FlagStorage | null, search: string): FeatureFlags {
  const flags = { ...DEFAULT_FEATURE_FLAGS };
  for (const name of flagsRequestedInUrl(search)) {
    storage?.setItem(featureStorageKey(name), STORED_FLAG_VALUE);
    flags[name] = true;
  }
  for (const name of FEATURE_FLAG_NAMES) {
    if (storage?.getItem(featureStorageKey(name)) != null) flags[name] = true;
  }
  return flags;
}
