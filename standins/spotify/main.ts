/**
 * `npm run spotify:local`: the Spotify stand-in as its own process.
 * SPOTIFY_LOCAL_PORT (default 3999), SPOTIFY_LOCAL_HOST (default 127.0.0.1),
 * SPOTIFY_LOCAL_STATE (state file, default data/spotify-local.json; 'memory' keeps nothing).
 */
import Fastify from 'fastify';
import { DEMO_SPOTIFY_USERS, spotifyStandIn } from './plugin.js';

const port = Number(process.env.SPOTIFY_LOCAL_PORT ?? 3999);
const host = process.env.SPOTIFY_LOCAL_HOST ?? '127.0.0.1';
const state = process.env.SPOTIFY_LOCAL_STATE ?? 'data/spotify-local.json';
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`SPOTIFY_LOCAL_PORT must be a port number, not ${process.env.SPOTIFY_LOCAL_PORT}`);
  process.exit(1);
}

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
// Port 0 picks a free port; the base URL is then built from each request instead.
const publicBaseUrl = port === 0 ? undefined : `http://${shownHost}:${port}`;
await app.register(spotifyStandIn, {
  ...(publicBaseUrl ? { publicBaseUrl } : {}),
  ...(state === 'memory' ? {} : { statePath: state }),
});
const address = await app.listen({ host, port });

console.log(`Local Spotify stand-in listening on ${address}`);
console.log(`  accounts service  ${address}/accounts   (authorize: ${address}/accounts/authorize)`);
console.log(`  Web API           ${address}/v1`);
console.log(`  artwork           ${address}/images/{id}.svg`);
console.log(`  control API       ${address}/_control   (e.g. GET ${address}/_control/users)`);
console.log(`  state             ${state === 'memory' ? 'in memory only' : state}`);
console.log(`  demo users        ${DEMO_SPOTIFY_USERS.map((user) => user.id).join(', ')}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
