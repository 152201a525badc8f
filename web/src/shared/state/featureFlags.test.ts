// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEATURE_FLAGS,
  FEATURE_FLAG_NAMES,
  flagsRequestedInUrl,
  loadFeatureFlags,
  type FlagStorage,
} from './featureFlags';

function memoryStorage(initial: Record<string, string> = {}): FlagStorage & {
  items: Record<string, string>;
} {
  const items = { ...initial };
  return {
    items,
    getItem: (key) => items[key] ?? null,
    setItem: (key, value) => {
      items[key] = value;
    },
  };
}

describe('feature flag defaults', () => {
  it('has exactly the seven flags of the spec, with its spelling', () => {
    expect([...FEATURE_FLAG_NAMES].sort()).toEqual(
      [
        'discovery',
        'messenger',
        'payments',
        'popularityScore',
        'prerelease',
        'trackRemovaleDate',
        'tradeHistory',
      ].sort(),
    );
  });

  it('switches every flag on except trackRemovaleDate and popularityScore', () => {
    const off = FEATURE_FLAG_NAMES.filter((name) => !DEFAULT_FEATURE_FLAGS[name]);
    expect(off.sort()).toEqual(['popularityScore', 'trackRemovaleDate']);
  });

  it('gives the defaults with nothing stored and no query', () => {
    expect(loadFeatureFlags(memoryStorage(), '')).toEqual(DEFAULT_FEATURE_FLAGS);
  });

  it('gives the defaults when local storage is not available', () => {
    expect(loadFeatureFlags(null, '')).toEqual(DEFAULT_FEATURE_FLAGS);
  });
});

describe('flags stored locally', () => {
  it('switches on every known flag stored as feature.{name}', () => {
    const storage = memoryStorage({
      'feature.popularityScore': 'true',
      'feature.trackRemovaleDate': 'true',
    });
    const flags = loadFeatureFlags(storage, '');
    expect(flags.popularityScore).toBe(true);
    expect(flags.trackRemovaleDate).toBe(true);
  });

  it('ignores unknown names and keys without the feature. prefix', () => {
    const storage = memoryStorage({ 'feature.somethingElse': 'true', popularityScore: 'true' });
    const flags = loadFeatureFlags(storage, '');
    expect(flags).toEqual(DEFAULT_FEATURE_FLAGS);
    expect(flags).not.toHaveProperty('somethingElse');
  });
});

describe('the feature query parameter', () => {
  it('stores the named flag locally and switches it on', () => {
    const storage = memoryStorage();
    const flags = loadFeatureFlags(storage, '?feature=popularityScore');
    expect(flags.popularityScore).toBe(true);
    expect(storage.items['feature.popularityScore']).toBe('true');
  });

  it('keeps the flag on at the next start without the query', () => {
    const storage = memoryStorage();
    loadFeatureFlags(storage, '?feature=trackRemovaleDate');
    expect(loadFeatureFlags(storage, '').trackRemovaleDate).toBe(true);
  });

  it('accepts several feature parameters', () => {
    expect(flagsRequestedInUrl('?feature=popularityScore&x=1&feature=trackRemovaleDate')).toEqual([
      'popularityScore',
      'trackRemovaleDate',
    ]);
  });

  it('stores nothing for an unknown flag', () => {
    const storage = memoryStorage();
    const flags = loadFeatureFlags(storage, '?feature=bogus');
    expect(storage.items).toEqual({});
    expect(flags).toEqual(DEFAULT_FEATURE_FLAGS);
  });
});
