import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js (importBoundaries, serverLayers), tried on code that
 * breaks them and code that keeps them, as it would sit in the named files. The files need
 * not exist: ESLint picks the rules by path.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId))
    .map((message) => message.message);
}

const ENTRIES_ONLY = /only through their entries/;
const NOT_ALLOWED = /may import from server\/ only/;

describe('server layers', () => {
  it.each([
    [
      'an area reaching into another area',
      'server/areas/songs/x.ts',
      "export { tradeOf } from '../trades/data.js';",
      ENTRIES_ONLY,
    ],
    [
      'an area reaching into another the long way',
      'server/areas/songs/x.ts',
      "export { tradeOf } from '../../areas/trades/data.js';",
      NOT_ALLOWED,
    ],
    [
      'an area importing a job',
      'server/areas/songs/x.ts',
      "export { JOB_NAMES } from '../../jobs/outcomes.js';",
      NOT_ALLOWED,
    ],
    [
      'an area importing the wiring',
      'server/areas/songs/x.ts',
      "export { buildApp } from '../../app.js';",
      NOT_ALLOWED,
    ],
    [
      'an area importing the action registry',
      'server/areas/songs/x.ts',
      "export { registerActions } from '../../http/registerActions.js';",
      NOT_ALLOWED,
    ],
    [
      'an area importing identity internals',
      'server/areas/songs/x.ts',
      "export { createSession } from '../../identity/sessions.js';",
      NOT_ALLOWED,
    ],
    [
      'http importing an area',
      'server/http/x.ts',
      "export { songHandlers } from '../areas/songs/index.js';",
      NOT_ALLOWED,
    ],
    [
      'identity importing the app context',
      'server/identity/x.ts',
      "export type { AppContext } from '../appContext.js';",
      NOT_ALLOWED,
    ],
    [
      'identity importing http',
      'server/identity/x.ts',
      "export { registerCsrfGuard } from '../http/csrfGuard.js';",
      NOT_ALLOWED,
    ],
    [
      'identity importing an area',
      'server/identity/x.ts',
      "export { hashPassword } from '../areas/auth/index.js';",
      NOT_ALLOWED,
    ],
    [
      'lib importing config',
      'server/lib/x.ts',
      "export type { Config } from '../config/config.js';",
      NOT_ALLOWED,
    ],
    [
      'a table importing identity',
      'server/db/tables/x.ts',
      "export { lockUser } from '../../identity/index.js';",
      NOT_ALLOWED,
    ],
    [
      'the integrations importing the db',
      'server/integrations/spotify/x.ts',
      "export type { Db } from '../../db/client.js';",
      NOT_ALLOWED,
    ],
    [
      'a job reaching into an area',
      'server/jobs/x.ts',
      "export { spotifyAs } from '../areas/spotify/accountApi.js';",
      NOT_ALLOWED,
    ],
    [
      'a job importing http',
      'server/jobs/x.ts',
      "export { registerActions } from '../http/registerActions.js';",
      NOT_ALLOWED,
    ],
    [
      'the seed importing a job',
      'server/seed/x.ts',
      "export { JOB_NAMES } from '../jobs/outcomes.js';",
      NOT_ALLOWED,
    ],
    [
      'the wiring reaching into an area',
      'server/app.ts',
      "export { authHandlers } from './areas/auth/routes.js';",
      NOT_ALLOWED,
    ],
    [
      'the app context naming an area',
      'server/appContext.ts',
      "export type { SongRow } from './areas/songs/index.js';",
      NOT_ALLOWED,
    ],
    [
      'a dynamic import upward',
      'server/realtime/x.ts',
      "export const load = () => import('../areas/messenger/index.js');",
      NOT_ALLOWED,
    ],
    [
      'an import type upward',
      'server/mail/x.ts',
      "export type Context = typeof import('../appContext.js');",
      NOT_ALLOWED,
    ],
    [
      'the metrics reading the database themselves',
      'server/metrics/x.ts',
      "export type { Database } from '../db/client.js';",
      NOT_ALLOWED,
    ],
    [
      'an area observing the metrics',
      'server/areas/songs/x.ts',
      "export type { Metrics } from '../../metrics/metrics.js';",
      NOT_ALLOWED,
    ],
    [
      'a file outside every layer',
      'server/newfolder/x.ts',
      'export const x = 1;',
      /in no server layer/,
    ],
  ])('refuses %s', async (_case, filePath, code, expected) => {
    const found = await refusals(filePath, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(expected);
  });

  it.each([
    [
      'an area using its own files, other areas entries and what lies below',
      'server/areas/songs/x.ts',
      [
        "export { songOf } from './data.js';",
        "export { tradeHandlers } from '../trades/index.js';",
        "export type { AppContext } from '../../appContext.js';",
        "export type { AreaHandlers } from '../../http/actionHandler.js';",
        "export { ApiError } from '../../lib/apiError.js';",
        "export { lockUser } from '../../identity/index.js';",
        "export { catalogSongs } from '../../db/schema.js';",
        "export { SpotifyApiError } from '../../integrations/spotify/index.js';",
        "export { PLAN_LIMITS } from '../../../common/domain/plans.js';",
        "export { seedCatalog } from '../../../standins/spotify/seedCatalog.js';",
      ].join('\n'),
    ],
    [
      'http using identity and the integrations',
      'server/http/x.ts',
      "export { sessionUser } from '../identity/index.js';\nexport { SpotifyError } from '../integrations/spotify/index.js';",
    ],
    [
      'a job using an area entry',
      'server/jobs/x.ts',
      "export { spotifyAs } from '../areas/spotify/index.js';\nexport { JOB_NAMES } from './outcomes.js';",
    ],
    [
      'the wiring using the jobs and the seed',
      'server/main.ts',
      "export { startJobs } from './jobs/runner.js';\nexport { seedDemoData } from './seed/demoData.js';",
    ],
    [
      'the wiring loading the metrics',
      'server/app.ts',
      "export const load = () => import('./metrics/metrics.js');",
    ],
    [
      'the metrics using config/ and lib/',
      'server/metrics/x.ts',
      "export type { MetricsConfig } from '../config/config.js';\nexport { unauthenticated } from '../lib/apiError.js';",
    ],
    [
      'a test reaching anywhere in the server',
      'server/areas/trades/x.test.ts',
      "export { songsInOpenSwaps } from '../songs/openSwaps.js';\nexport { advanceSwaps } from '../../jobs/tradeLifecycle.js';",
    ],
  ])('allows %s', async (_case, filePath, code) => {
    expect(await refusals(filePath, code)).toEqual([]);
  });
});

describe('the parts of the product', () => {
  it.each([
    [
      'the server importing the web',
      'server/areas/songs/x.ts',
      "export { App } from '../../../web/src/app/App.js';",
    ],
    [
      'the server importing tools',
      'server/jobs/x.ts',
      "export const load = () => import('../../tools/seed.js');",
    ],
    [
      'common importing the server',
      'common/domain/x.ts',
      "export { openDatabase } from '../../server/db/client.js';",
    ],
    [
      'the web importing a stand-in',
      'web/src/x.ts',
      "export { seedCatalog } from '../../standins/spotify/seedCatalog.js';",
    ],
    [
      'a stand-in importing the server',
      'standins/spotify/x.ts',
      "export { controlledClock } from '../../server/lib/clock.js';",
    ],
    [
      'a stand-in lazily loading the server',
      'standins/stripe/billing/x.ts',
      "export const load = () => import('../../../server/app.js');",
    ],
    [
      'a stand-in importing common',
      'standins/stripe/x.ts',
      "export type { Plan } from '../../common/domain/plans.js';",
    ],
    [
      'a stand-in importing tools',
      'standins/stripe/x.ts',
      "export { chromiumLaunchOptions } from '../../tools/chromium.mjs';",
    ],
  ])('refuses %s', async (_case, filePath, code) => {
    expect(await refusals(filePath, code)).toHaveLength(1);
  });
});

describe('client layers', () => {
  const THROUGH_ENTRY = /only through its entry/;
  const UPWARDS = /must not import from/;
  it.each([
    [
      'a feature reaching into another feature',
      'web/src/features/songswap/x.tsx',
      "export { useCatalogQuery } from '../catalog/catalogApi';",
      THROUGH_ENTRY,
    ],
    [
      'a feature’s sub-folder reaching into another feature',
      'web/src/features/songswap/components/x.tsx',
      "export { Artwork } from '../../playlists/PlaylistBits';",
      THROUGH_ENTRY,
    ],
    [
      'a feature lazily loading another feature’s file',
      'web/src/features/profile/x.tsx',
      "export const load = () => import('../billing/BillingSection');",
      THROUGH_ENTRY,
    ],
    [
      'a feature importing app/',
      'web/src/features/home/x.tsx',
      "export { makeStore } from '../../app/store';",
      UPWARDS,
    ],
    [
      'shared/ importing a feature',
      'web/src/shared/ui/x.tsx',
      "export { selectUser } from '../../features/auth';",
      UPWARDS,
    ],
  ])('refuses %s', async (_case, filePath, code, why) => {
    const found = await refusals(filePath, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(why);
  });

  it.each([
    [
      'a feature using another feature’s entry, its own files and shared/',
      'web/src/features/songswap/components/x.tsx',
      "export { useCatalogQuery } from '../../catalog';\nexport { tradeRules } from '../tradeRules';\nexport { Button } from '../../../shared/ui/Button';",
    ],
    [
      'app/ composing features from their files',
      'web/src/app/x.tsx',
      "export const load = () => import('../features/catalog/CatalogScreen');",
    ],
    [
      'a test using another feature’s fixtures',
      'web/src/features/songswap/x.test.tsx',
      "export { buildSong } from '../catalog/catalogFixtures';",
    ],
  ])('allows %s', async (_case, filePath, code) => {
    expect(await refusals(filePath, code)).toEqual([]);
  });
});

describe('the areas', () => {
  /** Which areas each area imports (through their entries; the lint rules see to that). */
  function areaGraph(): Map<string, Set<string>> {
    const areasDir = join(root, 'server', 'areas');
    const graph = new Map<string, Set<string>>();
    for (const area of readdirSync(areasDir)) {
      const uses = new Set<string>();
      for (const file of readdirSync(join(areasDir, area))) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
        const source = readFileSync(join(areasDir, area, file), 'utf8');
        for (const [, other] of source.matchAll(/from '\.\.\/([^./][^/]*)\/index\.js'/g))
          uses.add(other!);
      }
      graph.set(area, uses);
    }
    return graph;
  }

  it('use each other without a cycle', () => {
    const graph = areaGraph();
    const cycles: string[] = [];
    const visit = (area: string, path: string[]) => {
      for (const next of graph.get(area) ?? []) {
        if (path.includes(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else visit(next, [...path, next]);
      }
    };
    for (const area of graph.keys()) visit(area, [area]);
    expect(graph.get('trades')).toContain('songs');
    expect(cycles).toEqual([]);
  });
});
