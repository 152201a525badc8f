import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createMailer } from '../../mail/mailer.js';
import { createTestApp, freshIp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { unsubscribeUrl } from './index.js';
import { noticesTo } from '../../test/notifications.js';
import { unsubscribeKey, unsubscribeToken, verifyUnsubscribeToken } from './unsubscribeTokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pathOf = (url: string) => new URL(url).pathname;

/** A mail client's RFC 8058 one-click POST: form-encoded, from no page of ours, no cookie. */
const oneClick = (url: string) =>
  t.app.inject({
    method: 'POST',
    url: pathOf(url),
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

const switchesOf = async (userId: string) =>
  (await t.context.db.select().from(users).where(eq(users.id, userId)))[0]!.notifications;

describe('one-click unsubscribe', () => {
  it('GET confirms without changing anything; POST turns only that switch off, without signing in', async () => {
    const user = await signedInUser(t);
    const url = unsubscribeUrl(t.context, user.id, 'messages');
    const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Unsubscribe from e-mails about messages');
    expect(page.body).toContain('<form method="post">');
    expect(await switchesOf(user.id)).toEqual({
      swaps: true,
      messages: true,
      friendRequests: true,
    });

    const done = await oneClick(url);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await switchesOf(user.id)).toEqual({
      swaps: true,
      messages: false,
      friendRequests: true,
    });
    // Again: still off, still a friendly answer.
    expect((await oneClick(url)).statusCode).toBe(200);
  });

  it('the confirmation page’s own form post works too', async () => {
    const user = await signedInUser(t);
    const url = unsubscribeUrl(t.context, user.id, 'swaps');
    const response = await t.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.config.appOrigin },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect((await switchesOf(user.id)).swaps).toBe(false);
  });

  it('refuses forged and altered tokens, changing nothing', async () => {
    const victim = await signedInUser(t);
    const attacker = await signedInUser(t);
    const own = unsubscribeUrl(t.context, attacker.id, 'messages').split('/unsubscribe/')[1]!;
    const [, , mac] = own.split('.');
    const forged = [
      `${victim.id}.messages.${mac}`, // someone else's id with the attacker's signature
      own.replace('.messages.', '.swaps.'), // another category, same signature
      `${victim.id}.messages.${'A'.repeat(43)}`,
      // Signed with another key (another server's secret).
      unsubscribeToken(Buffer.alloc(32, 7), victim.id, 'messages'),
      `${victim.id}.messages`,
      'not-a-token',
    ];
    for (const token of forged) {
      const get = await t.app.inject({ method: 'GET', url: `/unsubscribe/${token}` });
      expect(get.statusCode, token).toBe(400);
      expect(get.body).toContain('not valid');
      expect((await oneClick(`http://x/unsubscribe/${token}`)).statusCode, token).toBe(400);
    }
    expect(await switchesOf(victim.id)).toEqual({
      swaps: true,
      messages: true,
      friendRequests: true,
    });
    expect(await switchesOf(attacker.id)).toEqual({
      swaps: true,
      messages: true,
      friendRequests: true,
    });
  });

  it('verifies only tokens of its own key, for a known category', () => {
    const key = unsubscribeKey(t.config);
    const id = '0b6f1c2e-8d4a-4f3b-9a1e-2c3d4e5f6a7b';
    expect(verifyUnsubscribeToken(key, unsubscribeToken(key, id, 'friendRequests'))).toEqual({
      userId: id,
      category: 'friendRequests',
    });
    expect(verifyUnsubscribeToken(key, `${id}.plan.${'x'.repeat(43)}`)).toBeNull();
  });

  it('a deleted account’s link answers a neutral page', async () => {
    const url = unsubscribeUrl(t.context, '0b6f1c2e-8d4a-4f3b-9a1e-2c3d4e5f6a7b', 'swaps');
    expect((await oneClick(url)).statusCode).toBe(404);
  });

  it('every notification mail carries the link, and is sent with List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    await post(t.app, '/api/users/friend/request/send', { userId: two.id }, { cookie: one.cookie });
    const [queued] = await noticesTo(t, two.id);
    const url = unsubscribeUrl(t.context, two.id, 'friendRequests');
    expect(queued!.unsubscribeUrl).toBe(url);
    expect(queued!.text).toContain(`Unsubscribe: ${url}`);
    expect(queued!.html).toContain(`href="${url}"`);

    // Deliver it through SMTP (a capturing transport) and read the headers as sent.
    const raw: string[] = [];
    const transport = nodemailer.createTransport({
      name: 'capture',
      version: '1',
      send: (mail, done) => {
        mail.message.build((error, message) => {
          if (error) return done(error, undefined);
          raw.push(message.toString());
          return done(null, { envelope: mail.message.getEnvelope(), messageId: 'x' } as never);
        });
      },
    });
    const mailer = createMailer({
      db: t.context.db,
      from: 'Curator <no-reply@curator.test>',
      log: t.app.log,
      transport,
    });
    // Account mail (a password reset, say) is no list: it carries no unsubscribe header.
    await mailer.enqueue(t.context.db, {
      to: one.email,
      userId: one.id,
      subject: 'Reset your Curator password',
      text: 'reset',
      html: '<p>reset</p>',
    });
    while ((await mailer.deliverPending()) > 0);
    mailer.close();
    const sent = raw.find((message) => message.includes(`To: ${two.email}`));
    expect(sent).toBeDefined();
    const headers = sent!.split('\r\n\r\n')[0]!.replace(/\r\n\s+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${url}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const account = raw.find((message) => message.includes(`To: ${one.email}`));
    expect(account).toBeDefined();
    expect(account).not.toContain('List-Unsubscribe');
  });
});
