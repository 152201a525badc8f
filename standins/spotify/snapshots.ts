import { createHash } from 'node:crypto';

/**
 * Snapshot ids look opaque like Spotify's, and are derived from the playlist id and a
 * version that only ever grows (also across a reset), so an old snapshot id never comes back.
 */
export function snapshotIdFor(playlistId: string, version: number): string {
  const digest = createHash('sha256').update(`${playlistId}:${version}`).digest('base64url');
  return `AAAA${version.toString(16).padStart(4, '0')}${digest.slice(0, 28)}`;
}
