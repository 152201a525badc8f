/** Run by `npm run build:server` on the built code: writes dist/server/db/pglite-template.tar. */
import { pgliteDatabase } from './client.js';
import { PGLITE_TEMPLATE_FILE, writePgliteTemplate } from './pgliteTemplate.js';

await writePgliteTemplate(PGLITE_TEMPLATE_FILE, (client) => pgliteDatabase(client).migrate());
console.log(`PGlite template written to ${PGLITE_TEMPLATE_FILE}`);
