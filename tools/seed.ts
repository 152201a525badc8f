/** `npm run seed`: create the demo curators in the configured database. */
import { parseConfig } from '../server/config/config.js';
import { loadEnvFile } from '../server/config/loadEnvFile.js';
import { openDatabase } from '../server/db/client.js';
import { DEMO_CURATORS, DEMO_PASSWORD, seedDemoData } from '../server/seed/demoData.js';

loadEnvFile();
const config = parseConfig(process.env);
const database = openDatabase(config.database);
await database.migrate();
const { created } = await seedDemoData(database.db, new Date());
await database.close();
console.log(`Demo curators: ${created} created, ${DEMO_CURATORS.length - created} already there.`);
console.log(`Sign in as ${DEMO_CURATORS[0].email} with password ${DEMO_PASSWORD}.`);
