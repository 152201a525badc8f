/** bench/api's results as Markdown tables (printed; pasted into bench/README.md). */
import { execSync } from 'node:child_process';

export interface LoadRow {
  action: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  helloRequestsPerSecond: number;
  helloP99: number;
  /** CPU ms per request: the product's node process, and the PostgreSQL backends serving it. */
  nodeCpuMs: number;
  postgresCpuMs: number;
  helloCpuMs: number;
  statements: number;
}

export interface GrowthRow {
  action: string;
  size: number;
  p50: number;
  p90: number;
  bytes: number;
  statements: number;
}

/** A number to `digits` places; '-' for one not measured (a skipped phase). */
const fixed = (value: number, digits = 2) => (Number.isNaN(value) ? '-' : value.toFixed(digits));

export function machineLoad(): string {
  return execSync('uptime').toString().trim();
}

export function loadTable(rows: LoadRow[]): string {
  const lines = [
    '| action | c | req/s | p50 | p99 | hello req/s (p99) | ratio to hello | CPU ms/req node + PG (hello) | statements/req |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows)
    lines.push(
      `| ${row.action} | ${row.connections} | ${row.requestsPerSecond} | ${row.p50} ms | ${row.p99} ms | ${row.helloRequestsPerSecond} (${row.helloP99} ms) | ${fixed((100 * row.requestsPerSecond) / row.helloRequestsPerSecond, 1)}% | ${fixed(row.nodeCpuMs)} + ${fixed(row.postgresCpuMs)} = ${fixed(row.nodeCpuMs + row.postgresCpuMs)} (${fixed(row.helloCpuMs, 3)}) | ${fixed(row.statements, 1)} |`,
    );
  return lines.join('\n');
}

export function growthTable(rows: GrowthRow[], sizes: number[]): string {
  const actions = [...new Set(rows.map((row) => row.action))];
  const header = `| action | ${sizes.map((size) => `${size.toLocaleString('en')} rows`).join(' | ')} | largest / smallest |`;
  const lines = [header, `|---|${sizes.map(() => '---|').join('')}---|`];
  for (const action of actions) {
    const cells = sizes.map((size) =>
      rows.find((row) => row.action === action && row.size === size),
    );
    const first = cells[0];
    const last = cells.at(-1);
    lines.push(
      `| ${action} | ${cells
        .map((cell) =>
          cell
            ? `${fixed(cell.p50)} ms (p90 ${fixed(cell.p90)}), ${(cell.bytes / 1024).toFixed(1)} KiB, ${fixed(cell.statements, 1)} st.`
            : '-',
        )
        .join(' | ')} | ${first && last ? fixed(last.p50 / first.p50) : '-'} |`,
    );
  }
  return lines.join('\n');
}
