import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests: a real HTTP endpoint on a free loopback port that keeps every webhook it
 * receives (raw body and headers), answering 200, or a given failure status for the next
 * few requests.
 */
export interface ReceivedWebhook {
  rawBody: string;
  headers: IncomingHttpHeaders;
  signature: string;
  eventId: string;
  type: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The next `count` requests are answered with `status` (default 500). */
  failNext(count: number, status?: number): void;
  types(): string[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let failures = 0;
  let failureStatus = 500;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        response.writeHead(failureStatus).end('failing on purpose');
        return;
      }
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(rawBody) as { id: string; type: string };
      received.push({
        rawBody,
        headers: request.headers,
        signature: String(request.headers['stripe-signature'] ?? ''),
        eventId: event.id,
        type: event.type,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    failNext(count, status = 500) {
      failures = count;
      failureStatus = status;
    },
    types: () => received.map((delivery) => delivery.type),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
