/** Test helpers for Discovery: curators with a summary written directly (no Spotify needed). */
import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFICATIONS } from '../../common/api/user.js';
import { artistKeyOf, standingOf } from '../areas/discovery/fit.js';
import {
  catalogSongs,
  curatorArtists,
  curatorSummaries,
  curatorTags,
  users,
} from '../db/schema.js';
import type { TestApp } from './harness.js';

export interface SeededCurator {
  name: string;
  followers?: number;
  checked?: number;
  honoured?: number;
  artists?: string[];
  /** Tags on their visible playlists (docs/genres.md). */
  tags?: string[];
  visiblePlaylists?: number;
}

/** Curators as the summary job would leave them; answers their ids in order. */
export async function seedCurators(t: TestApp, curators: SeededCurator[]): Promise<string[]> {
  const now = t.clock.now();
  const ids: string[] = [];
  for (const curator of curators) {
    const id = randomUUID();
    ids.push(id);
    await t.context.db.insert(users).values({
      id,
      name: curator.name,
      email: `${id}@discovery.test`,
      passwordHash: 'x',
      trialEndsAt: now,
      notifications: DEFAULT_NOTIFICATIONS,
    });
    const checked = curator.checked ?? 0;
    const honouredShare = checked === 0 ? null : (curator.honoured ?? 0) / checked;
    const followers = curator.followers ?? 0;
    const standing = standingOf({ followers, honouredShare, placementsChecked: checked });
    await t.context.db.insert(curatorSummaries).values({
      userId: id,
      visiblePlaylists: curator.visiblePlaylists ?? 1,
      followers,
      placementsChecked: checked,
      placementsHonoured: curator.honoured ?? 0,
      honouredShare,
      standing,
      refreshedAt: now,
    });
    if (curator.artists?.length)
      await t.context.db.insert(curatorArtists).values(
        curator.artists.map((name, index) => ({
          userId: id,
          artistKey: artistKeyOf(name),
          artistName: name,
          tracks: curator.artists!.length - index,
          standing,
        })),
      );
    if (curator.tags?.length)
      await t.context.db
        .insert(curatorTags)
        .values(curator.tags.map((tag) => ({ userId: id, tag, standing })));
  }
  return ids;
}

/** Upcoming songs by these artists in the curator's catalogue. */
export async function catalogueArtists(t: TestApp, userId: string, artists: string[]) {
  await t.context.db.insert(catalogSongs).values(
    artists.map((artist, index) => ({
      userId,
      upcomingTitle: `Song ${index}`,
      upcomingArtists: [artist],
      upcomingReleaseDate: '2099-01-01',
      releaseSort: '2099-01-01',
      status: 'upcoming' as const,
    })),
  );
}
