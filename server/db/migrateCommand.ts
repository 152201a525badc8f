/** `npm run db:migrate`: apply pending migrations to the configured database and exit. */
import { loadEnvFile } from '../config/loadEnvFile.js';
import { parseConfig } from '../config/config.js';
import { openDatabase } from './client.js';

loadEnvFile();
const config = parseConfig(process.env);
const database = openDatabase(config.database);
await database.migrate();
await database.close();
console.log(`Migrations applied (${config.database.kind}).`);
