import { NAME_QUERY_MAX, NETWORK_PAGE_SIZE } from '../../../../common/api/users/limits.js';
import { isMusicTagId, type MusicTagId } from '../../../../common/domain/genres.js';

/**
 * Discovery's filters as the URL keeps them
 * (?q=&fit=&followers=&honoured=&bought=hide&genre=).
 */
export interface DiscoveryFilters {
  query: string;
  minFit: number | null;
  minFollowers: number | null;
  /** A share 0..1. */
  minHonouredShare: number | null;
  /** Hide partners with a visible playlist labelled Suspicious or Likely bought. */
  hideBought: boolean;
  /** Only partners with a visible playlist tagged with this genre or mood (docs/genres.md). */
  genre: MusicTagId | null;
}

/** The choices each filter offers (null: any). */
export const FIT_CHOICES = [null, 25, 50, 75] as const;
export const FOLLOWER_CHOICES = [null, 100, 1000, 10000] as const;
export const HONOURED_CHOICES = [null, 0.5, 0.8, 0.95] as const;

const PARAMS = {
  query: 'q',
  minFit: 'fit',
  minFollowers: 'followers',
  minHonouredShare: 'honoured',
  hideBought: 'bought',
  genre: 'genre',
};

function choice(value: string | null, choices: readonly (number | null)[]): number | null {
  if (value === null) return null;
  const number = Number(value);
  return choices.includes(number) ? number : null;
}

function genreOf(value: string | null): MusicTagId | null {
  return value !== null && isMusicTagId(value) ? value : null;
}

/** The filters a URL names; anything unknown means "any". */
export function filtersFromParams(params: URLSearchParams): DiscoveryFilters {
  return {
    query: (params.get(PARAMS.query) ?? '').slice(0, NAME_QUERY_MAX),
    minFit: choice(params.get(PARAMS.minFit), FIT_CHOICES),
    minFollowers: choice(params.get(PARAMS.minFollowers), FOLLOWER_CHOICES),
    minHonouredShare: choice(params.get(PARAMS.minHonouredShare), HONOURED_CHOICES),
    hideBought: params.get(PARAMS.hideBought) === 'hide',
    genre: genreOf(params.get(PARAMS.genre)),
  };
}

/** The URL's parameters for the filters: only those that narrow the list. */
export function paramsFromFilters(filters: DiscoveryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query.trim()) params.set(PARAMS.query, filters.query);
  if (filters.minFit !== null) params.set(PARAMS.minFit, String(filters.minFit));
  if (filters.minFollowers !== null) params.set(PARAMS.minFollowers, String(filters.minFollowers));
  if (filters.minHonouredShare !== null) {
    params.set(PARAMS.minHonouredShare, String(filters.minHonouredShare));
  }
  if (filters.hideBought) params.set(PARAMS.hideBought, 'hide');
  if (filters.genre) params.set(PARAMS.genre, filters.genre);
  return params;
}

/** network/potential-partners' argument for the filters (the cursor is the page's). */
export function partnersArg(filters: DiscoveryFilters) {
  const query = filters.query.trim();
  return {
    limit: NETWORK_PAGE_SIZE,
    ...(query ? { query } : {}),
    ...(filters.minFit !== null ? { minFit: filters.minFit } : {}),
    ...(filters.minFollowers !== null ? { minFollowers: filters.minFollowers } : {}),
    ...(filters.minHonouredShare !== null ? { minHonouredShare: filters.minHonouredShare } : {}),
    ...(filters.hideBought ? { hideBought: true } : {}),
    ...(filters.genre ? { genre: filters.genre } : {}),
  };
}

export const isFiltering = (filters: DiscoveryFilters) =>
  paramsFromFilters(filters).toString() !== '';
