import type { FastifyReply } from 'fastify';
import type { StandInCore } from '../standInCore.js';
import { checkoutDonePage } from './checkoutPage.js';

/** Sending a hosted page, and the page for a link that leads nowhere. */
export function sendHtml(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

export function notFoundPage(core: StandInCore): string {
  return checkoutDonePage({
    businessName: core.businessName(),
    heading: 'Something went wrong',
    message: 'The page you were looking for could not be found.',
    link: null,
  });
}
