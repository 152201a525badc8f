/**
 * CPU time of processes from /proc/<pid>/stat (utime + stime, in clock ticks of 10 ms on
 * Linux), for the product's node process, the hello world's and the PostgreSQL backends that
 * serve the product's connections (found in pg_stat_activity by database).
 */
import { readFileSync } from 'node:fs';
import type pg from 'pg';

const MS_PER_TICK = 10;

/** CPU milliseconds used so far by the process, or 0 once it is gone or unreadable. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

/** The backends connected to `database`, except the one asking. */
export async function backendPids(client: pg.Client, database: string): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    [database],
  );
  return rows.map((row) => row.pid);
}

/**
 * A CPU sample of a set of processes; `since` answers the CPU ms used after it was taken, by
 * those and by `laterPids` (processes that started since, such as a new pool connection's
 * backend, counted from zero).
 */
export function cpuSample(pids: number[]): { since(laterPids?: number[]): number } {
  const before = new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  return {
    since: (laterPids = []) =>
      [...new Set([...pids, ...laterPids])].reduce(
        // A process gone meanwhile (an idle pool connection's backend closed) reads 0: what it
        // used since the sample is lost, not negative.
        (sum, pid) => sum + Math.max(0, processCpuMs(pid) - (before.get(pid) ?? 0)),
        0,
      ),
  };
}
