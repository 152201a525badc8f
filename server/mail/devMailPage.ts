import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { settleAfterAnswerWork } from '../lib/afterAnswer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * Demo mode only: the mail outbox as a page, so a newcomer without SMTP can open the
 * verification and reset links. Not registered in production mode.
 */
export function registerDevMailPage(app: FastifyInstance, db: Db): void {
  app.get('/dev/mail', async (_request, reply) => {
    await settleAfterAnswerWork();
    const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(50);
    const items = mails
      .map(
        (mail) => `<article>
  <header><strong>${escapeHtml(mail.subject)}</strong><br><span>To ${escapeHtml(mail.toAddress)} · ${mail.createdAt.toISOString()}</span></header>
  <pre>${linkify(mail.text)}</pre>
</article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox · Curator demo mail</title>
<style>
body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111;background:#f8fafc}
h1{font-size:1.4rem}p.note{color:#475569}
article{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:1rem;margin:1rem 0}
header span{color:#64748b;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}
a{color:#4f46e5}
</style></head>
<body><h1>Demo outbox</h1>
<p class="note">No SMTP server is configured, so mail is kept here instead of being sent. Newest first.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
  });
}
