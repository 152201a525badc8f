import type { Catalog, PlaylistEntry, PlaylistRecord, Track } from './model.js';
import { seededRandom, type Random } from './prng.js';
import { PLANS, type PlaylistPlan } from './seedPlans.js';
import { snapshotIdFor } from './snapshots.js';

/*
 * Builds the seeded playlists from their plans (seedPlans.ts): deterministic track picks,
 * with the planned duplicates placed in, and added_at dates spread over the months before
 * the seed epoch.
 */

/** The library's "now" at seed time; dates in the seed are placed before it. */
export const SEED_EPOCH = Date.parse('2026-05-01T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

function duplicatePools(catalog: Catalog) {
  const byIsrc = new Map<string, Track[]>();
  const byName = new Map<string, Track>();
  for (const track of catalog.tracks.values()) {
    byIsrc.set(track.isrc, [...(byIsrc.get(track.isrc) ?? []), track]);
    if (!/ - /.test(track.name)) byName.set(`${track.artistIds[0]}|${track.name}`, track);
  }
  const isrcTwins = [...byIsrc.values()].filter((group) => group.length > 1);
  const versionSiblings: Track[][] = [];
  for (const track of catalog.tracks.values()) {
    const [base] = track.name.split(' - ');
    const original = byName.get(`${track.artistIds[0]}|${base}`);
    if (original && original.id !== track.id) versionSiblings.push([original, track]);
  }
  return { isrcTwins, versionSiblings };
}

function pickTracks(
  random: Random,
  plan: PlaylistPlan,
  catalog: Catalog,
  pools: ReturnType<typeof duplicatePools>,
): string[] {
  const chosen: string[] = [];
  const add = (ids: string[]) => ids.forEach((id) => chosen.includes(id) || chosen.push(id));
  for (const twins of random.shuffle(pools.isrcTwins).slice(0, plan.isrcTwins ?? 0))
    add(twins.map((t) => t.id));
  for (const pair of random.shuffle(pools.versionSiblings).slice(0, plan.versionSiblings ?? 0))
    add(pair.map((t) => t.id));
  const rest = random.shuffle([...catalog.tracks.keys()]);
  for (const id of rest) {
    if (chosen.length >= plan.size - (plan.exactDuplicates ?? 0)) break;
    add([id]);
  }
  let ordered = random.shuffle(chosen);
  for (let d = 0; d < (plan.exactDuplicates ?? 0); d += 1) {
    const repeated = random.pick(ordered);
    const at = random.int(0, ordered.length);
    ordered = [...ordered.slice(0, at), repeated, ...ordered.slice(at)];
  }
  return ordered;
}

export function seedPlaylists(
  catalog: Catalog,
  seed = 'curator-spotify-stand-in/playlists/v1',
): PlaylistRecord[] {
  const random = seededRandom(seed);
  const pools = duplicatePools(catalog);
  return PLANS.map((plan) => {
    const id = random.base62(22);
    const editors = [plan.owner, ...(plan.collaborative ? (plan.followedBy ?? []) : [])];
    const trackIds = pickTracks(random, plan, catalog, pools);
    const start = SEED_EPOCH - random.int(200, 700) * DAY;
    const step = (SEED_EPOCH - start) / (trackIds.length + 1);
    const entries: PlaylistEntry[] = trackIds.map((trackId, index) => ({
      uid: `u${index + 1}`,
      trackId,
      addedAt: new Date(Math.round(start + step * (index + random.next())))
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      addedBy: random.pick(editors),
    }));
    const version = 1;
    const snapshotId = snapshotIdFor(id, version);
    return {
      id,
      ownerId: plan.owner,
      name: plan.name,
      description: plan.description,
      public: plan.public,
      collaborative: plan.collaborative ?? false,
      followerIds: plan.followedBy ?? [],
      followersTotal: plan.followersTotal,
      entries,
      version,
      snapshotId,
      history: [{ snapshotId, uids: entries.map((entry) => entry.uid) }],
      nextUid: entries.length + 1,
    };
  });
}
