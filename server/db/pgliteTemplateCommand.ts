/** Run by `npm run build:server` on the built code: writes dist/server/db/pglite-template/. */
import { rmSync } from 'node:fs';
import { pgliteDatabase } from './client.js';
import { PGLITE_TEMPLATE_DIR } from './pgliteTemplate.js';
import { writePgliteTemplate } from './pgliteTemplateWriter.js';

await writePgliteTemplate(PGLITE_TEMPLATE_DIR, (client) => pgliteDatabase(client).migrate());
// Earlier builds wrote the template as a tarball; a build over one leaves no stale copy.
rmSync(new URL('./pglite-template.tar', import.meta.url), { force: true });
console.log(`PGlite template written to ${PGLITE_TEMPLATE_DIR}`);
