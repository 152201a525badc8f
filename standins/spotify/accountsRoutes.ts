import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_CSS, consentPage, errorPage } from './consentPage.js';
import { baseUrl, type RouteContext } from './routeSupport.js';
import { OAuthError } from './spotifyErrors.js';
import { KNOWN_SCOPES } from './tokens.js';

/**
 * The accounts service: GET /authorize (consent page), the page's decision, and
 * POST /api/token (authorization_code and refresh_token grants, client authentication by
 * HTTP Basic or by client_id/client_secret in the body, Spotify's error bodies).
 */
type Params = Record<string, string | undefined>;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function withQuery(url: string, params: Params): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) target.searchParams.set(key, value);
  return target.toString();
}

export function registerAccountsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { core } = context;
  const accounts = (request: FastifyRequest) => `${baseUrl(context, request)}/accounts`;
  const showError = (reply: FastifyReply, request: FastifyRequest, message: string) =>
    reply
      .code(400)
      .type('text/html; charset=utf-8')
      .send(errorPage(message, `${accounts(request)}/consent.css`));

  const registered = (clientId: string) =>
    core.options.clients?.find((client) => client.clientId === clientId);

  app.get('/accounts/consent.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(CONSENT_CSS),
  );

  app.get('/accounts/authorize', async (request, reply) => {
    const query = request.query as Params;
    const clientId = text(query.client_id);
    if (!clientId || (core.options.clients && !registered(clientId))) {
      return showError(reply, request, 'INVALID_CLIENT: Invalid client');
    }
    const redirectUri = text(query.redirect_uri);
    // As Spotify does: a registered client is sent back only to a redirect URI it registered
    // (else the page would be an open redirect). Without registered clients (tests, a stand-in
    // run for any app) every http(s) URI is accepted.
    const client = registered(clientId);
    if (
      !redirectUri ||
      !/^https?:\/\//.test(redirectUri) ||
      (client && !(client.redirectUris ?? []).includes(redirectUri))
    ) {
      return showError(reply, request, 'INVALID_CLIENT: Invalid redirect URI');
    }
    const state = text(query.state);
    if (query.response_type !== 'code') {
      return reply.redirect(withQuery(redirectUri, { error: 'unsupported_response_type', state }));
    }
    const scopes = (text(query.scope) ?? '').split(/[\s+]+/).filter(Boolean);
    if (scopes.some((scope) => !KNOWN_SCOPES.has(scope))) {
      return reply.redirect(withQuery(redirectUri, { error: 'invalid_scope', state }));
    }
    // show_dialog is accepted; the stand-in has no login session, so it always asks.
    const consent = core.tokens.openConsent({ clientId, redirectUri, state, scopes });
    const base = baseUrl(context, request);
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        consentId: consent.id,
        clientId,
        scopes,
        users: core.users,
        decisionUrl: `${accounts(request)}/authorize/decision`,
        cssUrl: `${accounts(request)}/consent.css`,
        avatarUrl: (user) =>
          user.hasAvatar ? `${base}/images/${encodeURIComponent(user.id)}.svg?size=64` : undefined,
      }),
    );
  });

  app.post('/accounts/authorize/decision', async (request, reply) => {
    const body = (request.body ?? {}) as Params;
    const consent = core.tokens.closeConsent(text(body.consent_id) ?? '');
    if (!consent)
      return showError(
        reply,
        request,
        'This login request has expired. Go back to the app and start again.',
      );
    if (body.action === 'cancel') {
      return reply.redirect(
        withQuery(consent.redirectUri, { error: 'access_denied', state: consent.state }),
        303,
      );
    }
    const user = core.user(text(body.user_id) ?? '');
    if (!user) return showError(reply, request, 'Unknown user.');
    const code = core.tokens.issueCode(consent, user.id);
    return reply.redirect(withQuery(consent.redirectUri, { code, state: consent.state }), 303);
  });

  app.post('/accounts/api/token', async (request) => {
    const body = (request.body ?? {}) as Params;
    const client = clientOf(request.headers.authorization, body);
    const known = registered(client.id);
    if (core.options.clients) {
      if (!known) throw new OAuthError(400, 'invalid_client', 'Invalid client');
      if (known.clientSecret !== client.secret)
        throw new OAuthError(400, 'invalid_client', 'Invalid client secret');
    }
    const grantType = text(body.grant_type);
    let answer;
    if (grantType === 'authorization_code') {
      answer = core.tokens.exchangeCode(client.id, text(body.code) ?? '', text(body.redirect_uri));
    } else if (grantType === 'refresh_token') {
      const refreshToken = text(body.refresh_token);
      if (!refreshToken)
        throw new OAuthError(400, 'invalid_request', 'refresh_token must be supplied');
      answer = core.tokens.refresh(client.id, refreshToken);
    } else {
      throw new OAuthError(
        400,
        'unsupported_grant_type',
        grantType ? 'grant_type parameter is invalid' : 'grant_type parameter is missing',
      );
    }
    core.persist();
    return answer;
  });
}

/** Client credentials from HTTP Basic, or else from the form body. */
function clientOf(authorization: string | undefined, body: Params): { id: string; secret: string } {
  const basic = authorization && /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
    throw new OAuthError(400, 'invalid_client', 'Invalid client');
  }
  const id = text(body.client_id);
  const secret = text(body.client_secret);
  if (!id || !secret) throw new OAuthError(400, 'invalid_client', 'Invalid client');
  return { id, secret };
}
