import Fastify, { type FastifyInstance } from 'fastify';
import {
  createSpotifyStandIn,
  spotifyStandIn,
  type SpotifyStandInControl,
  type SpotifyStandInOptions,
} from './plugin.js';

/**
 * For tests: the stand-in mounted under a prefix in a Fastify app listening on a free
 * loopback port, so clients talk real HTTP to it.
 */
export interface RunningStandIn {
  app: FastifyInstance;
  control: SpotifyStandInControl;
  /** e.g. http://127.0.0.1:41234/_spotify */
  baseUrl: string;
  accountsBaseUrl: string;
  apiBaseUrl: string;
  close(): Promise<void>;
}

export async function startStandIn(
  options: SpotifyStandInOptions & { prefix?: string } = {},
): Promise<RunningStandIn> {
  const { prefix = '/_spotify', ...standInOptions } = options;
  const standIn = createSpotifyStandIn(standInOptions);
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(spotifyStandIn, { prefix, ...standIn.pluginOptions });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `${address}${prefix}`;
  return {
    app,
    control: standIn.control,
    baseUrl,
    accountsBaseUrl: `${baseUrl}/accounts`,
    apiBaseUrl: `${baseUrl}/v1`,
    close: () => app.close(),
  };
}
