/**
 * `npm run announce -- --file news.html [--until 2026-12-31] [--audience all|plan:<name>]`,
 * `--list` or `--withdraw <id>`: operators' announcements on the configured database (PGlite
 * in DATA_DIR, or DATABASE_URL), like `npm run seed`. See docs/network.md, Announcements.
 */
import { parseConfig } from '../server/config/config.js';
import { loadEnvFile } from '../server/config/loadEnvFile.js';
import { openDatabase } from '../server/db/client.js';
import {
  AnnouncementRefused,
  parseAnnounceArgs,
  runAnnounceCommand,
} from '../server/areas/announcements/index.js';

loadEnvFile();
let request;
try {
  request = parseAnnounceArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const config = parseConfig(process.env);
const database = openDatabase(config.database);
try {
  await database.migrate();
  const lines = await runAnnounceCommand(database.db, request, new Date());
  console.log(lines.join('\n'));
} catch (error) {
  if (!(error instanceof AnnouncementRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
