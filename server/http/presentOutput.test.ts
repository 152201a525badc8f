import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '../../common/api/contracts.js';
import { catalog } from '../../common/api/songs/schemas.js';
import { actionId, type ActionContract } from '../../common/api/contract.js';
import { createTestApp, post, signedInUser, type TestApp } from '../test/harness.js';
import { responseSchemaOf } from './presentOutput.js';

describe('serializing answers from the contract (production)', () => {
  it('has a JSON Schema for every action, so none falls back to parsing', () => {
    const without = allContracts.filter((contract) => !responseSchemaOf(contract));
    expect(without.map((contract) => actionId(contract))).toEqual([]);
  });

  it('writes only the declared fields: anything else a handler returns is never sent', async () => {
    const app = Fastify();
    const contract = { output: catalog.output } as unknown as ActionContract;
    app.post('/x', { schema: { response: { 200: responseSchemaOf(contract)! } } }, async () => ({
      songs: [],
      nextCursor: null,
      limits: { catalogTracks: 10, count: 0, plan: 'pro' },
      popularity: { providerGivesScore: false, passwordHash: '$argon2id$secret' },
      passwordHash: '$argon2id$secret',
    }));
    const response = await app.inject({ method: 'POST', url: '/x' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('argon2');
    expect(response.json().popularity).toEqual({ providerGivesScore: false });
  });
});

describe('an app in serialize mode answers what parse mode answers', () => {
  let parsing: TestApp;
  let serializing: TestApp;
  beforeAll(async () => {
    parsing = await createTestApp();
    serializing = await createTestApp({ OUTPUT_CHECK: 'serialize' });
  });
  afterAll(async () => {
    await parsing.close();
    await serializing.close();
  });

  async function answers(t: TestApp) {
    const user = await signedInUser(t);
    const body = {
      title: 'Northern Lights',
      artists: ['Mara Velden'],
      releaseDate: '2099-01-01',
    };
    const added = await post(t.app, '/api/songs/upcoming-release', body, { cookie: user.cookie });
    const listed = await post(t.app, '/api/songs/catalog', {}, { cookie: user.cookie });
    const startup = await t.app.inject({ url: '/api/', headers: { cookie: user.cookie } });
    return [added, listed, startup].map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      // Ids, times and the user's own name and address differ between the two apps.
      return JSON.parse(
        response.body
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
          .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME')
          .replace(new RegExp(user.email, 'g'), 'EMAIL')
          .replace(new RegExp(user.name, 'g'), 'NAME'),
      ) as unknown;
    });
  }

  it('for a song, the catalogue and the start-up call', async () => {
    const [fromParse, fromSerialize] = [await answers(parsing), await answers(serializing)];
    expect(fromSerialize).toEqual(fromParse);
    expect(JSON.stringify(fromSerialize)).not.toMatch(/argon2|password/i);
  });
});
