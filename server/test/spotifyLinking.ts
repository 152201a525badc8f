import { expect } from 'vitest';
import { post, type TestApp } from './harness.js';

/**
 * Links a demo Spotify user to the signed-in user the way a browser does: follow the
 * authorize redirect to the stand-in's consent page, choose the user, and hand the code and
 * state Spotify returns to auth/spotify/callback.
 */
export async function consentRedirect(
  t: TestApp,
  cookie: string,
  spotifyUserId: string,
  action: 'allow' | 'cancel' = 'allow',
) {
  const start = await t.app.inject({
    method: 'GET',
    url: '/api/auth/spotify/authorize',
    headers: { cookie },
  });
  expect(start.statusCode).toBe(302);
  const consentUrl = String(start.headers.location);
  const page = await fetch(consentUrl);
  const html = await page.text();
  const consentId = /name="consent_id" value="([^"]+)"/.exec(html)?.[1];
  const formAction = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!consentId || !formAction)
    throw new Error(`no consent form at ${consentUrl}: ${html.slice(0, 300)}`);
  const body = new URLSearchParams({
    consent_id: consentId,
    ...(action === 'allow' ? { user_id: spotifyUserId } : { action: 'cancel' }),
  });
  const decision = await fetch(formAction.replace(/&amp;/g, '&'), {
    method: 'POST',
    body,
    redirect: 'manual',
  });
  const back = new URL(String(decision.headers.get('location')));
  return {
    code: back.searchParams.get('code') ?? undefined,
    state: back.searchParams.get('state') ?? '',
    error: back.searchParams.get('error') ?? undefined,
    back,
  };
}

export async function linkSpotify(t: TestApp, cookie: string, spotifyUserId = 'mara.velden') {
  const { code, state } = await consentRedirect(t, cookie, spotifyUserId);
  const response = await post(t.app, '/api/auth/spotify/callback', { code, state }, { cookie });
  if (response.statusCode !== 200)
    throw new Error(`linking failed: ${response.statusCode} ${response.body}`);
  return response.json().account as { id: string; spotifyUserId: string; regrant: boolean };
}
