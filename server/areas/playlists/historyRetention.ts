import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { playlistVersions } from '../../db/schema.js';
import { applyDelta, diffOps, encodeDelta } from './historyDelta.js';
import { MAX_STORED_OPS, type VersionRow } from './historyData.js';

/** Every change is kept this long; older ones thin out to the last version of each week. */
export const KEEP_EVERY_CHANGE_DAYS = 90;
const DAY = 86_400_000;

/** Monday 00:00 UTC of the week `at` falls in, as a key. */
function weekOf(at: Date): number {
  const day = Math.floor(at.getTime() / DAY);
  // 1970-01-01 was a Thursday: day 4 of a Monday-first week.
  return day - ((day + 3) % 7);
}

/**
 * Thins one playlist's history: of versions older than 90 days only the last of each UTC
 * week stays (and always the latest version). The kept ones are stored again against their new
 * predecessor, and their ops then say what changed over the merged span. Answers how many
 * versions went.
 */
export async function pruneHistory(db: Db, playlistId: string, now: Date): Promise<number> {
  const cutoff = now.getTime() - KEEP_EVERY_CHANGE_DAYS * DAY;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(playlistVersions)
      .where(eq(playlistVersions.playlistId, playlistId))
      .orderBy(asc(playlistVersions.version));
    const old = rows.filter((row) => row.createdAt.getTime() < cutoff);
    const dropped = new Set<string>();
    old.forEach((row, index) => {
      const next = rows[rows.indexOf(row) + 1];
      const lastOfWeek =
        index === old.length - 1 || weekOf(old[index + 1]!.createdAt) !== weekOf(row.createdAt);
      if (!lastOfWeek && next) dropped.add(row.id);
    });
    if (dropped.size === 0) return 0;

    // Replay the whole chain, then store each kept version against the kept one before it.
    let items: string[] = [];
    let previousKept: string[] | null = null;
    const rewrites: { row: VersionRow; values: Partial<VersionRow> }[] = [];
    let afterDrop = false;
    for (const row of rows) {
      items = row.base ?? applyDelta(items, row.delta ?? []);
      if (dropped.has(row.id)) {
        afterDrop = true;
        continue;
      }
      if (afterDrop || previousKept === null) {
        const ops = previousKept ? diffOps(previousKept, items) : [];
        const full = previousKept === null || row.base !== null;
        rewrites.push({
          row,
          values: {
            base: full ? [...items] : null,
            delta: full ? null : encodeDelta(previousKept!, items),
            ops: ops.slice(0, MAX_STORED_OPS),
            opsOmitted: Math.max(0, ops.length - MAX_STORED_OPS),
          },
        });
      }
      afterDrop = false;
      previousKept = [...items];
    }
    await tx.delete(playlistVersions).where(inArray(playlistVersions.id, [...dropped]));
    for (const { row, values } of rewrites) {
      await tx
        .update(playlistVersions)
        .set(values)
        .where(and(eq(playlistVersions.id, row.id)));
    }
    return dropped.size;
  });
}
