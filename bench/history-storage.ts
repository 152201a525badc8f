/**
 * Playlist history storage (docs/history.md): 1,000 changes on a 10,000-track playlist,
 * stored as the history stores them (a full copy every 100 versions, copy/insert deltas
 * between, ops for the timeline), and the bytes of their JSON. Also a CSV export of 10,000
 * rows built row by row, with the heap's high-water mark while it streams.
 *
 *   npx tsx bench/history-storage.ts
 */
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storedForm } from '../server/areas/playlists/historyData.js';
import { csvRow } from '../server/lib/csv.js';

const TRACKS = 10_000;
const CHANGES = 1_000;
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const id = () =>
  Math.floor(random() * 36 ** 11)
    .toString(36)
    .padStart(22, 'x');

let items = Array.from({ length: TRACKS }, id);
let bytes = JSON.stringify(storedForm(null, items, 1)).length;
for (let version = 2; version <= CHANGES + 1; version += 1) {
  const next = [...items];
  const kind = random();
  if (kind < 0.4) next.splice(Math.floor(random() * next.length), 0, id());
  else if (kind < 0.7) next.splice(Math.floor(random() * next.length), 1);
  else {
    const [moved] = next.splice(Math.floor(random() * next.length), 1);
    next.splice(Math.floor(random() * next.length), 0, moved!);
  }
  bytes += JSON.stringify(storedForm(items, next, version)).length;
  items = next;
}
console.log(
  `history: ${CHANGES} changes on ${TRACKS} tracks: ${(bytes / 1024 / 1024).toFixed(2)} MiB of JSON (${Math.round(bytes / CHANGES)} bytes a change on average, full copies included)`,
);

async function csvMemory(rows: number) {
  let peak = 0;
  let written = 0;
  async function* lines() {
    yield csvRow([
      'position',
      'track',
      'artists',
      'album',
      'isrc',
      'added at',
      'locked',
      'removal date',
    ]);
    for (let i = 0; i < rows; i += 1) {
      if (i % 50 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
      yield csvRow([
        i + 1,
        `Track ${i} =cmd`,
        'Artist A, Artist B',
        'Album',
        'USABC2400001',
        new Date().toISOString(),
        'no',
        '',
      ]);
    }
  }
  const base = process.memoryUsage().heapUsed;
  await pipeline(
    Readable.from(lines()),
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        written += chunk.length;
        done();
      },
    }),
  );
  return { rows, written, growthMiB: (peak - base) / 1024 / 1024 };
}
for (const rows of [10_000, 100_000]) {
  const result = await csvMemory(rows);
  console.log(
    `csv: ${result.rows} rows, ${(result.written / 1024 / 1024).toFixed(1)} MiB written, heap grew at most ${result.growthMiB.toFixed(1)} MiB`,
  );
}
