import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../appContext.js';
import { CATEGORY_LABELS } from './mails.js';
import { keyOf, switchOff, UNSUBSCRIBE_PATH } from './notify.js';
import { verifyUnsubscribeToken } from './unsubscribeTokens.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Curator</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:3rem auto;padding:0 1rem;color:#111;line-height:1.5">
<main><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>
${body}</main></body></html>`;
}

const invalid = (context: AppContext) =>
  `<p>This unsubscribe link is not valid. Sign in and turn e-mails off in <a href="${escapeHtml(`${context.config.appOrigin}/profile/notifications`)}">your profile’s notifications</a> instead.</p>`;

/**
 * The one-click unsubscribe link of every notification mail, `/unsubscribe/{token}`, without
 * signing in: the token is signed (HMAC) for one user and one switch. GET shows a page that
 * confirms (mail scanners follow links, so a GET changes nothing); POST turns the switch off:
 * the page's button, and mail clients' RFC 8058 one-click POST (List-Unsubscribe=One-Click,
 * form-encoded or multipart; the body is not needed). Outside /api/: a mail client's POST is
 * a cross-site form post by design.
 */
export function registerUnsubscribeRoute(app: FastifyInstance, context: AppContext): void {
  void app.register(async (scope) => {
    // Whatever body a mail client sends with its one-click POST is read and ignored.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_r, _b, done) =>
      done(null, undefined),
    );

    scope.get<{ Params: { token: string } }>(
      `${UNSUBSCRIBE_PATH}/:token`,
      async (request, reply) => {
        const found = verifyUnsubscribeToken(keyOf(context), request.params.token);
        if (!found) return page(reply, 400, 'Link not valid', invalid(context));
        const what = CATEGORY_LABELS[found.category];
        return page(
          reply,
          200,
          `Unsubscribe from e-mails about ${what}`,
          `<p>Stop e-mails about ${escapeHtml(what)} from Curator? You can turn them on again in your profile.</p>
<form method="post"><button type="submit" style="background:#4f46e5;color:#fff;padding:10px 16px;border:0;border-radius:6px;font-size:1rem">Unsubscribe</button></form>`,
        );
      },
    );

    scope.post<{ Params: { token: string } }>(
      `${UNSUBSCRIBE_PATH}/:token`,
      async (request, reply) => {
        const found = verifyUnsubscribeToken(keyOf(context), request.params.token);
        if (!found) return page(reply, 400, 'Link not valid', invalid(context));
        const exists = await switchOff(
          context.db,
          found.userId,
          found.category,
          context.clock.now(),
        );
        if (!exists) return page(reply, 404, 'Link not valid', invalid(context));
        const what = CATEGORY_LABELS[found.category];
        return page(
          reply,
          200,
          'You are unsubscribed',
          `<p>You will no longer get e-mails about ${escapeHtml(what)}. To turn them on again, open <a href="${escapeHtml(`${context.config.appOrigin}/profile/notifications`)}">your profile’s notifications</a>.</p>`,
        );
      },
    );
  });
}
