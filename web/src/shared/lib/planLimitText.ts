import type { PlanLimitDetails } from '../api/displayError';
import { planTitle } from './planTitle';

/** How PLAN_LIMIT resources are named to people; unknown ones are spelled out from their key. */
const RESOURCE_NAMES: Record<string, [one: string, many: string]> = {
  spotifyAccounts: ['linked Spotify account', 'linked Spotify accounts'],
  playlists: ['managed playlist', 'managed playlists'],
  locksPerPlaylist: ['locked position per playlist', 'locked positions per playlist'],
  catalogTracks: ['song in the catalogue', 'songs in the catalogue'],
  openSwaps: ['open song swap', 'open song swaps'],
  prerelease: ['pre-release song in swaps', 'pre-release songs in swaps'],
};

export function resourceName(resource: string, count: number): string {
  const names = RESOURCE_NAMES[resource];
  if (names) return count === 1 ? names[0] : names[1];
  return resource.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * One sentence naming the limit and the plan, e.g. "Your Free plan allows 2 managed
 * playlists, and you have 2." A limit of 0 means the plan does not include it.
 */
export function planLimitText({ limit, current, plan, resource }: PlanLimitDetails): string {
  const planName = `${planTitle(plan)} plan`;
  if (limit === 0) return `Your ${planName} does not include ${resourceName(resource, 2)}.`;
  return `Your ${planName} allows ${limit} ${resourceName(resource, limit)}, and you have ${current}.`;
}
