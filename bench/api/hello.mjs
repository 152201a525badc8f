// A bare Fastify 5 hello world in its own process (its CPU is measured like the product's).
// With a database URL it also serves the floor of a read: /one-query answers one prepared
// statement's row through a pg pool of the product's size, nothing else (no session, no hooks).
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
if (pool)
  app.get('/one-query', async () => {
    const result = await pool.query({ name: 'one', text: 'select $1::int as n', values: [1] });
    return { n: result.rows[0].n };
  });
// The floor of a list read: one prepared statement answering `count` made-up rows of a listed
// swap's columns as PostgreSQL's JSON text, sent as it comes (not parsed, not presented): the
// least a list of that many rows costs through PostgreSQL.
if (pool)
  app.get('/rows/:count', async (request, reply) => {
    const result = await pool.query({
      name: 'rows',
      text: `select json_agg(r)::text as rows from (
               select md5(n::text)::uuid as id, 'pending' as status, md5('one' || n)::uuid as "traderOneId",
                 md5('two' || n)::uuid as "traderTwoId", 7 as "periodDays", null::date as "requestedStartDate",
                 now() as "createdAt", now() as "startDate", now() as "endDate",
                 true as "traderOneAccepted", false as "traderTwoAccepted", 'A pitch' as pitch
               from generate_series(1, $1::int) as n) r`,
      values: [Math.min(Number(request.params.count) || 0, 1000)],
    });
    return reply.type('application/json; charset=utf-8').send(`{"rows":${result.rows[0].rows}}`);
  });
// The floor of a large answer: a constant JSON body of the given size, built once, sent as is.
const bodies = new Map();
app.get('/bytes/:size', async (request, reply) => {
  const size = Math.min(Number(request.params.size) || 0, 16 * 1024 * 1024);
  if (!bodies.has(size))
    bodies.set(size, JSON.stringify({ pad: 'x'.repeat(Math.max(size - 10, 0)) }));
  return reply.type('application/json; charset=utf-8').send(bodies.get(size));
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0)),
);
