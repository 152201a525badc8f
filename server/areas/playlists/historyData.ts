import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  historyTrackNames,
  playlistCurrentItems,
  playlistVersions,
  type DeltaPart,
  type HistoryOp,
  type HistorySource,
} from '../../db/schema.js';
import { applyDelta, diffOps, encodeDelta } from './historyDelta.js';

export type VersionRow = typeof playlistVersions.$inferSelect;

/** A full copy of the list every this many versions bounds how far a read replays deltas. */
export const BASE_EVERY = 100;
/** The timeline keeps the first ops of a large change; the rest are counted. */
export const MAX_STORED_OPS = 200;

export async function latestVersion(db: Db, playlistId: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(playlistVersions)
    .where(eq(playlistVersions.playlistId, playlistId))
    .orderBy(desc(playlistVersions.version))
    .limit(1);
  return row;
}

export async function versionOf(
  db: Db,
  playlistId: string,
  version: number,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(playlistVersions)
    .where(and(eq(playlistVersions.playlistId, playlistId), eq(playlistVersions.version, version)));
  return row;
}

/** A page of versions, newest first, before a version (keyset on the unique index). */
export function versionsPage(
  db: Db,
  playlistId: string,
  before: number | undefined,
  limit: number,
) {
  return db
    .select()
    .from(playlistVersions)
    .where(
      and(
        eq(playlistVersions.playlistId, playlistId),
        before === undefined ? undefined : lt(playlistVersions.version, before),
      ),
    )
    .orderBy(desc(playlistVersions.version))
    .limit(limit);
}

/** The items of a version: from the nearest full copy at or before it, deltas replayed. */
export async function itemsAt(db: Db, playlistId: string, version: number): Promise<string[]> {
  const [base] = await db
    .select({ version: playlistVersions.version })
    .from(playlistVersions)
    .where(
      and(
        eq(playlistVersions.playlistId, playlistId),
        lte(playlistVersions.version, version),
        sql`${playlistVersions.base} is not null`,
      ),
    )
    .orderBy(desc(playlistVersions.version))
    .limit(1);
  if (!base) return [];
  const rows = await db
    .select({ base: playlistVersions.base, delta: playlistVersions.delta })
    .from(playlistVersions)
    .where(
      and(
        eq(playlistVersions.playlistId, playlistId),
        gt(playlistVersions.version, base.version - 1),
        lte(playlistVersions.version, version),
      ),
    )
    .orderBy(asc(playlistVersions.version));
  let items: string[] = [];
  for (const row of rows) items = row.base ?? applyDelta(items, row.delta ?? []);
  return items;
}

export async function currentItems(db: Db, playlistId: string) {
  return db
    .select()
    .from(playlistCurrentItems)
    .where(eq(playlistCurrentItems.playlistId, playlistId))
    .orderBy(asc(playlistCurrentItems.position));
}

export interface NewVersion {
  playlistId: string;
  snapshotId: string;
  source: HistorySource;
  tradeId?: string | null;
  items: readonly string[];
  /** Track names as read from Spotify: kept for the tracks this version brings in. */
  names?: ReadonlyMap<string, string>;
  at: Date;
}

/** The stored form of `items` after `previous` (null: the first version). */
export function storedForm(
  previous: readonly string[] | null,
  items: readonly string[],
  version: number,
) {
  const ops: HistoryOp[] = previous ? diffOps(previous, items) : [];
  const full = previous === null || version % BASE_EVERY === 1;
  return {
    base: full ? [...items] : null,
    delta: full ? null : (encodeDelta(previous, items) as DeltaPart[]),
    ops: ops.slice(0, MAX_STORED_OPS),
    opsOmitted: Math.max(0, ops.length - MAX_STORED_OPS),
  };
}

/**
 * Appends a version (in the caller's transaction, with the playlist row locked) unless the
 * snapshot is the latest one already, and brings playlist_current_items to it: only the
 * positions that changed are written. Answers the version number, or null when unchanged.
 */
export async function appendVersion(db: Db, entry: NewVersion): Promise<number | null> {
  const latest = await latestVersion(db, entry.playlistId);
  if (latest?.snapshotId === entry.snapshotId) return null;
  const previousRows = latest ? await currentItems(db, entry.playlistId) : [];
  const previous = latest ? previousRows.map((row) => row.trackId) : null;
  if (latest && previous && sameList(previous, entry.items)) {
    // Spotify gave a new snapshot for the same items (a no-op edit): no new version.
    await db
      .update(playlistVersions)
      .set({ snapshotId: entry.snapshotId })
      .where(eq(playlistVersions.id, latest.id));
    return null;
  }
  const version = (latest?.version ?? 0) + 1;
  await db.insert(playlistVersions).values({
    playlistId: entry.playlistId,
    version,
    snapshotId: entry.snapshotId,
    source: latest ? entry.source : 'start',
    tradeId: entry.tradeId ?? null,
    trackCount: entry.items.length,
    createdAt: entry.at,
    ...storedForm(previous, entry.items, version),
  });
  await writeCurrent(db, entry.playlistId, previousRows, entry.items, entry.at);
  await keepNames(db, previous, entry.items, entry.names);
  return version;
}

/** Keeps the names of the tracks that came in, so a later removal can still name them. */
async function keepNames(
  db: Db,
  previous: readonly string[] | null,
  items: readonly string[],
  names: ReadonlyMap<string, string> | undefined,
) {
  if (!names) return;
  const before = new Set(previous ?? []);
  const rows = [...new Set(items)].flatMap((trackId) => {
    const name = names.get(trackId);
    return !before.has(trackId) && name !== undefined ? [{ trackId, name }] : [];
  });
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    await db
      .insert(historyTrackNames)
      .values(rows.slice(i, i + WRITE_BATCH))
      .onConflictDoNothing();
  }
}

/** The kept names of the tracks of some ops (the first `limit` ops of each list). */
export async function namesOfOps(
  db: Db,
  opLists: readonly (readonly HistoryOp[])[],
  limit = MAX_STORED_OPS,
): Promise<Record<string, string>> {
  const ids = [...new Set(opLists.flatMap((ops) => ops.slice(0, limit).map((op) => op.trackId)))];
  const names: Record<string, string> = {};
  for (let i = 0; i < ids.length; i += WRITE_BATCH) {
    const rows = await db
      .select()
      .from(historyTrackNames)
      .where(inArray(historyTrackNames.trackId, ids.slice(i, i + WRITE_BATCH)));
    for (const row of rows) names[row.trackId] = row.name;
  }
  return names;
}

function sameList(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

const WRITE_BATCH = 1000;

async function writeCurrent(
  db: Db,
  playlistId: string,
  previous: { position: number; trackId: string; since: Date }[],
  items: readonly string[],
  at: Date,
) {
  const since = new Map<string, Date>();
  for (const row of previous) if (!since.has(row.trackId)) since.set(row.trackId, row.since);
  const changed = items.flatMap((trackId, position) => {
    const old = previous[position];
    const from = since.get(trackId) ?? at;
    if (old && old.trackId === trackId && old.since.getTime() === from.getTime()) return [];
    return [{ playlistId, position, trackId, since: from }];
  });
  if (previous.length > items.length) {
    await db
      .delete(playlistCurrentItems)
      .where(
        and(
          eq(playlistCurrentItems.playlistId, playlistId),
          sql`${playlistCurrentItems.position} >= ${items.length}`,
        ),
      );
  }
  for (let i = 0; i < changed.length; i += WRITE_BATCH) {
    await db
      .insert(playlistCurrentItems)
      .values(changed.slice(i, i + WRITE_BATCH))
      .onConflictDoUpdate({
        target: [playlistCurrentItems.playlistId, playlistCurrentItems.position],
        set: {
          trackId: sql`excluded.track_id`,
          since: sql`excluded.since`,
        },
      });
  }
}
