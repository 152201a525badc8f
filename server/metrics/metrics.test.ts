import { request as httpRequest, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_NAMES } from '../jobs/outcomes.js';
import { startJobs, type JobsRunner } from '../jobs/runner.js';
import { createTestApp, post, signedInUser, type TestApp } from '../test/harness.js';
import { freePort } from '../test/instances.js';
import { connected, connectSocket, type ClientSocket } from '../test/sockets.js';

/**
 * The Prometheus scrape (README.md, "Metrics"): each series an operator watches, with values
 * that follow what the app did, and no scrape without the token.
 */
const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** The value of one sample of the text format, e.g. sample(text, 'x_count', {status: '200'}). */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const given = match[2] ? match[2].split(/,(?=[a-z_]+=")/i) : [];
    if (wanted.every((pair) => given.includes(pair)) && given.length === wanted.length)
      return Number(match[3]);
  }
  return undefined;
}

describe('metrics on the app’s port, behind a bearer token', () => {
  let t: TestApp;
  let jobs: JobsRunner | undefined;
  let socket: ClientSocket | undefined;
  beforeAll(async () => {
    // Redis and SMTP on ports nobody listens on: Redis is down, mail waits in the outbox.
    const [redisPort, smtpPort] = [await freePort(), await freePort()];
    t = await createTestApp({
      METRICS_TOKEN: TOKEN,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRY_BASE_MS: '3600000',
    });
  });
  afterAll(async () => {
    socket?.disconnect();
    await jobs?.stop(1_000);
    await t?.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('answers 401 without the token or with another, and never the series', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      TOKEN,
      'Bearer ',
      `Basic ${TOKEN}`,
    ]) {
      const refused = await scrape(authorization);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
      expect(refused.json().error.code, refused.body).toBe('UNAUTHENTICATED');
      expect(refused.body).not.toContain('curator_');
    }
  });

  it('shows every series, following what the app did', async () => {
    const user = await signedInUser(t); // auth/signin: 200
    expect((await post(t.app, '/api/songs/catalog', {})).statusCode).toBe(401);
    expect((await post(t.app, '/api/no/such-action', {})).statusCode).toBe(404);
    expect((await t.app.inject('/api/no/such/path?x=1')).statusCode).toBe(404);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    // A reset link is mailed: the outbox holds it, SMTP being away.
    expect((await post(t.app, '/api/auth/forgot/password', { email: user.email })).statusCode).toBe(
      200,
    );
    // A socket on the app's own port.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    socket = connectSocket(`http://127.0.0.1:${port}`, user.cookie, t.config.appOrigin);
    await connected(socket);
    // The jobs run here: one waits an hour to start, one gave up.
    jobs = await startJobs(t.context, t.database, { schedule: false });
    t.metrics!.observeJobs(jobs.states);
    await jobs.boss.send(JOB_NAMES.removals, {}, { startAfter: 3600 });
    const doomed = await jobs.boss.send(JOB_NAMES.locks, {}, { startAfter: 3600, retryLimit: 0 });
    await jobs.boss.fail(JOB_NAMES.locks, doomed!);

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    const count = (action: string, status: string) =>
      sample(text, 'curator_http_request_duration_seconds_count', { action, status });

    // Per action (area/action), other routes by method and pattern, unknown paths in one bucket.
    expect(count('auth/signin', '200')).toBe(1);
    expect(count('songs/catalog', '401')).toBe(1);
    expect(count('auth/forgot/password', '200')).toBe(1);
    expect(count('GET /healthz', '200')).toBe(1);
    expect(count('unmatched', '404')).toBe(2);
    expect(text).not.toContain('such-action');
    expect(
      sample(text, 'curator_http_request_duration_seconds_bucket', {
        action: 'auth/signin',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(
      sample(text, 'curator_http_request_duration_seconds_sum', {
        action: 'auth/signin',
        status: '200',
      }),
    ).toBeGreaterThan(0);

    if (t.database.kind === 'postgres') {
      const inUse = sample(text, 'curator_db_pool_connections', { state: 'in_use' })!;
      const idle = sample(text, 'curator_db_pool_connections', { state: 'idle' })!;
      expect(inUse).toBeGreaterThanOrEqual(0);
      expect(inUse + idle).toBeGreaterThan(0);
      expect(inUse + idle).toBeLessThanOrEqual(10);
      expect(sample(text, 'curator_db_pool_waiting')).toBe(0);
      expect(sample(text, 'curator_db_pool_max')).toBe(10);
    } else {
      // PGlite is one connection inside the process: no pool to report.
      expect(text).not.toContain('curator_db_pool');
    }

    expect(sample(text, 'curator_mail_outbox', { state: 'waiting' })).toBe(1);
    expect(sample(text, 'curator_mail_outbox', { state: 'failed' })).toBe(0);
    expect(sample(text, 'curator_redis_up')).toBe(0);
    expect(sample(text, 'curator_realtime_sockets_connected')).toBe(1);
    expect(sample(text, 'curator_realtime_events_refused_total')).toBe(0);
    expect(sample(text, 'curator_jobs', { queue: JOB_NAMES.removals, state: 'created' })).toBe(1);
    expect(sample(text, 'curator_jobs', { queue: JOB_NAMES.locks, state: 'failed' })).toBe(1);
    expect(sample(text, 'curator_jobs', { queue: JOB_NAMES.locks, state: 'created' })).toBe(0);
    expect(sample(text, 'curator_jobs', { queue: JOB_NAMES.history, state: 'active' })).toBe(0);
    // prom-client's default process metrics.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');

    // The socket overspends its event budget: the server ends it, and the counter shows it.
    const gone = new Promise((resolve) => socket!.once('disconnect', resolve));
    for (let index = 0; index < 200; index++)
      (socket as unknown as { emit(name: string): void }).emit('nonsense');
    await gone;
    const after = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(after, 'curator_realtime_events_refused_total')).toBeGreaterThanOrEqual(1);
    // The socket has gone: the gauge follows.
    await expect
      .poll(async () =>
        sample((await scrape(`Bearer ${TOKEN}`)).body, 'curator_realtime_sockets_connected'),
      )
      .toBe(0);
  });
});

describe('metrics on a port of their own', () => {
  /** GET over a keep-alive connection, as Prometheus scrapes. */
  function get(port: number, path: string, agent: Agent, authorization?: string) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          agent,
          headers: authorization ? { authorization } : {},
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  it('serves the scrape there only, and closes with the app though Prometheus keeps its connection', async () => {
    const t = await createTestApp({ METRICS_PORT: '0' });
    const agent = new Agent({ keepAlive: true });
    let closed = false;
    try {
      const port = t.metrics!.port()!;
      expect(port).toBeGreaterThan(0);
      // Not on the app's port.
      const onAppPort = await t.app.inject('/metrics');
      expect(onAppPort.body).not.toContain('curator_');

      const first = await get(port, '/metrics', agent);
      expect(first.status).toBe(200);
      expect(sample(first.body, 'curator_realtime_sockets_connected')).toBe(0);
      // No SMTP, no Redis, no jobs here: those series are left out rather than made up.
      expect(first.body).not.toContain('curator_mail_outbox{');
      expect(first.body).not.toContain('curator_redis_up');
      expect(first.body).not.toContain('curator_jobs{');
      expect((await get(port, '/other', agent)).status).toBe(404);
      await t.app.inject('/healthz');
      const second = await get(port, '/metrics', agent);
      expect(
        sample(second.body, 'curator_http_request_duration_seconds_count', {
          action: 'GET /healthz',
          status: '200',
        }),
      ).toBe(1);

      await t.close();
      closed = true;
      await expect(get(port, '/metrics', new Agent())).rejects.toMatchObject({
        code: 'ECONNREFUSED',
      });
    } finally {
      agent.destroy();
      if (!closed) await t.close();
    }
  });

  it('asks for the token there too when one is set', async () => {
    const t = await createTestApp({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN });
    const agent = new Agent();
    try {
      const port = t.metrics!.port()!;
      const refused = await get(port, '/metrics', agent);
      expect(refused.status).toBe(401);
      expect(refused.body).not.toContain('curator_');
      const answered = await get(port, '/metrics', agent, `Bearer ${TOKEN}`);
      expect(answered.status).toBe(200);
      expect(answered.body).toContain('curator_http_request_duration_seconds');
    } finally {
      agent.destroy();
      await t.close();
    }
  });
});

describe('metrics off', () => {
  it('neither METRICS_PORT nor METRICS_TOKEN: no /metrics', async () => {
    const t = await createTestApp();
    try {
      expect(t.metrics).toBeUndefined();
      const answer = await t.app.inject('/metrics');
      expect(answer.body).not.toContain('curator_');
    } finally {
      await t.close();
    }
  });
});
