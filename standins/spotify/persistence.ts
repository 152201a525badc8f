import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { PlaylistRecord } from './model.js';
import type { AccessTokenRecord, RefreshTokenRecord } from './tokens.js';

/**
 * The stand-in's state on disk (demo mode), so playlist edits and linked accounts survive a
 * restart. Only what can change is stored; the catalogue is rebuilt from its seed.
 */
const entrySchema = z.object({
  uid: z.string(),
  trackId: z.string(),
  addedAt: z.string(),
  addedBy: z.string(),
});

const playlistSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  name: z.string(),
  description: z.string(),
  public: z.boolean(),
  collaborative: z.boolean(),
  followerIds: z.array(z.string()),
  followersTotal: z.number().int().nullable(),
  entries: z.array(entrySchema),
  version: z.number().int(),
  snapshotId: z.string(),
  history: z.array(z.object({ snapshotId: z.string(), uids: z.array(z.string()) })),
  nextUid: z.number().int(),
});

const grantFields = {
  token: z.string(),
  userId: z.string(),
  clientId: z.string(),
  scopes: z.array(z.string()),
};

const stateSchema = z.object({
  format: z.literal(1),
  playlists: z.array(playlistSchema),
  refreshTokens: z.array(z.object({ ...grantFields, revoked: z.boolean() })),
  accessTokens: z.array(z.object({ ...grantFields, expiresAt: z.number() })),
});

export interface PersistedState {
  playlists: PlaylistRecord[];
  refreshTokens: RefreshTokenRecord[];
  accessTokens: AccessTokenRecord[];
}

/** The saved state, or undefined when there is none or it cannot be read (start from the seed). */
export function loadState(
  path: string,
  warn: (message: string) => void,
): PersistedState | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const parsed = stateSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return parsed.data;
    warn(
      `Spotify stand-in: ignoring ${path} (${parsed.error.issues[0]?.message ?? 'invalid'}); starting from the seed.`,
    );
  } catch (error) {
    warn(
      `Spotify stand-in: ignoring ${path} (${(error as Error).message}); starting from the seed.`,
    );
  }
  return undefined;
}

/** Writes to a temporary file and renames it, so a crash never leaves half a file. */
export function saveState(path: string, state: PersistedState): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ format: 1, ...state }));
  renameSync(temporary, path);
}
