import type { PlaylistEntry, PlaylistRecord } from './model.js';
import { snapshotIdFor } from './snapshots.js';
import { SpotifyHttpError } from './spotifyErrors.js';

/**
 * Playlist edits with Spotify's snapshot semantics: an edit that names a snapshot_id is
 * applied relative to that version ("the API will validate that the specified items exist
 * and in the specified positions and make the changes, even if more recent changes have
 * been made"), so a reorder computed on an old snapshot still moves the right occurrences.
 */
export type PlaylistEdit =
  | { kind: 'add'; trackIds: string[]; position?: number | undefined }
  | { kind: 'replace'; trackIds: string[] }
  | {
      kind: 'reorder';
      rangeStart: number;
      insertBefore: number;
      rangeLength: number;
      snapshotId?: string | undefined;
    }
  | { kind: 'remove'; trackIds: string[]; snapshotId?: string | undefined }
  /** Removal of one occurrence: not in the Web API any more, only for edits "made elsewhere". */
  | { kind: 'removeAt'; position: number };

export const MAX_ITEMS_PER_REQUEST = 100;
export const MAX_PLAYLIST_SIZE = 10_000;
const HISTORY_KEPT = 30;

function baseUids(record: PlaylistRecord, snapshotId: string | undefined): string[] {
  if (snapshotId === undefined || snapshotId === record.snapshotId) {
    return record.entries.map((entry) => entry.uid);
  }
  const version = record.history.find((item) => item.snapshotId === snapshotId);
  if (!version) throw new SpotifyHttpError(400, 'Invalid snapshot id');
  return version.uids;
}

function newEntries(record: PlaylistRecord, trackIds: string[], actor: string, now: Date) {
  const addedAt = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return trackIds.map((trackId): PlaylistEntry => {
    const uid = `u${record.nextUid}`;
    record.nextUid += 1;
    return { uid, trackId, addedAt, addedBy: actor };
  });
}

function reorder(record: PlaylistRecord, edit: Extract<PlaylistEdit, { kind: 'reorder' }>) {
  const base = baseUids(record, edit.snapshotId);
  const { rangeStart, rangeLength, insertBefore } = edit;
  if (
    rangeLength < 1 ||
    rangeStart < 0 ||
    rangeStart + rangeLength > base.length ||
    insertBefore < 0 ||
    insertBefore > base.length
  ) {
    throw new SpotifyHttpError(400, 'Index out of bounds');
  }
  const block = new Set(base.slice(rangeStart, rangeStart + rangeLength));
  const moving = record.entries.filter((entry) => block.has(entry.uid));
  if (moving.length !== block.size) {
    throw new SpotifyHttpError(400, 'The items to move were removed since that snapshot');
  }
  // Where the block lands, told by its neighbours in the requested order of the base version;
  // neighbours removed since then are skipped, so the block keeps its intended place.
  const others = base.filter((uid) => !block.has(uid));
  const insertAt = base.slice(0, insertBefore).filter((uid) => !block.has(uid)).length;
  const remaining = record.entries.filter((entry) => !block.has(entry.uid));
  const indexOf = (uid: string) => remaining.findIndex((entry) => entry.uid === uid);
  let target = -1;
  for (const uid of others.slice(insertAt)) {
    target = indexOf(uid);
    if (target >= 0) break;
  }
  if (target < 0) {
    for (const uid of others.slice(0, insertAt).reverse()) {
      const found = indexOf(uid);
      if (found >= 0) {
        target = found + 1;
        break;
      }
    }
  }
  if (target < 0) target = remaining.length;
  remaining.splice(target, 0, ...moving);
  record.entries = remaining;
}

function checkCount(trackIds: string[]) {
  if (trackIds.length > MAX_ITEMS_PER_REQUEST) {
    throw new SpotifyHttpError(
      400,
      `You can add a maximum of ${MAX_ITEMS_PER_REQUEST} items per request`,
    );
  }
}

/** Applies one edit in place and gives the playlist its next snapshot id. */
export function applyEdit(
  record: PlaylistRecord,
  edit: PlaylistEdit,
  actor: string,
  now: Date,
): string {
  switch (edit.kind) {
    case 'add': {
      checkCount(edit.trackIds);
      const position = edit.position ?? record.entries.length;
      if (!Number.isInteger(position) || position < 0 || position > record.entries.length) {
        throw new SpotifyHttpError(400, 'Index out of bounds');
      }
      if (record.entries.length + edit.trackIds.length > MAX_PLAYLIST_SIZE) {
        throw new SpotifyHttpError(403, 'Playlist size limit reached');
      }
      record.entries.splice(position, 0, ...newEntries(record, edit.trackIds, actor, now));
      break;
    }
    case 'replace':
      checkCount(edit.trackIds);
      record.entries = newEntries(record, edit.trackIds, actor, now);
      break;
    case 'reorder':
      reorder(record, edit);
      break;
    case 'remove': {
      checkCount(edit.trackIds);
      const inBase = new Set(baseUids(record, edit.snapshotId));
      const tracks = new Set(edit.trackIds);
      record.entries = record.entries.filter(
        (entry) => !(tracks.has(entry.trackId) && inBase.has(entry.uid)),
      );
      break;
    }
    case 'removeAt':
      if (
        !Number.isInteger(edit.position) ||
        edit.position < 0 ||
        edit.position >= record.entries.length
      ) {
        throw new SpotifyHttpError(400, 'Index out of bounds');
      }
      record.entries.splice(edit.position, 1);
      break;
  }
  record.version += 1;
  record.snapshotId = snapshotIdFor(record.id, record.version);
  record.history = [
    ...record.history.slice(-(HISTORY_KEPT - 1)),
    { snapshotId: record.snapshotId, uids: record.entries.map((entry) => entry.uid) },
  ];
  return record.snapshotId;
}
