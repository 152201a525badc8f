/**
 * Statements per request, counted on the wire: a TCP proxy between the product and PostgreSQL
 * that reads the frontend messages of the PostgreSQL protocol and counts each simple Query
 * ('Q') and each extended-protocol Execute ('E'), BEGIN and COMMIT included. The product needs
 * no bench mode and pg_stat_statements need not be loaded. Only a separate instance of the
 * product connects through it (the load runs go directly), so the proxy costs nothing there.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface StatementCounter {
  /** The database URL that goes through the proxy. */
  url: string;
  count(): number;
  close(): Promise<void>;
}

/** Counts the statements in a stream of frontend messages, across chunk boundaries. */
function frontendParser(onStatement: () => void): (chunk: Buffer) => void {
  let pending: Buffer = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (!started) {
        // The startup message (and an SSLRequest before it) has no type byte.
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        pending = pending.subarray(length);
        if (code !== 80877103) started = true; // 80877103: SSLRequest, the startup follows
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      const type = String.fromCharCode(pending[0]!);
      if (type === 'Q' || type === 'E') onStatement();
      pending = pending.subarray(1 + length);
    }
  };
}

export async function startStatementCounter(
  databaseUrl: string,
  listenPort: number,
): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  let statements = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const parse = frontendParser(() => statements++);
    client.on('data', (chunk: Buffer) => {
      parse(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(listenPort);
  return {
    url: url.toString(),
    count: () => statements,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
