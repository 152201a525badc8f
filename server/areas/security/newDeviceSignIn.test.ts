import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.js';
import {
  buildUser,
  createTestApp,
  latestMailTo,
  linkSecretIn,
  post,
  sessionCookieFrom,
  type TestApp,
  type TestUser,
} from '../../test/harness.js';
import { enableTotp, totpAt } from '../../test/twoFactor.js';
import { mailTime, newSignInMail } from './mails.js';
import { deviceFingerprint, KNOWN_DEVICE_DAYS } from './newDeviceSignIn.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SUBJECT = 'New sign-in to your Curator account';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const CHROME_MAC_LATER = CHROME_MAC.replace('Chrome/130', 'Chrome/131');
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

function signIn(
  user: Pick<TestUser, 'email' | 'password'>,
  userAgent: string,
  ip = '198.51.100.4',
) {
  return post(
    t.app,
    '/api/auth/signin',
    { email: user.email, password: user.password },
    { ip, headers: { 'user-agent': userAgent } },
  );
}

async function newSignInMails(email: string) {
  return t.context.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, SUBJECT)));
}

describe('deviceFingerprint', () => {
  it('is the browser and system family, without versions', () => {
    expect(deviceFingerprint(CHROME_MAC)).toBe('chrome on macos');
    expect(deviceFingerprint(CHROME_MAC_LATER)).toBe(deviceFingerprint(CHROME_MAC));
    expect(deviceFingerprint(FIREFOX_LINUX)).toBe('firefox on linux');
    expect(deviceFingerprint(SAFARI_IPHONE)).toBe('safari on ios');
    expect(deviceFingerprint(null)).toBe('unknown');
  });
});

describe('the new sign-in mail', () => {
  it('names the device, IP and time (UTC) and links to the security section', () => {
    const mail = newSignInMail(
      'robin@example.test',
      '00000000-0000-4000-8000-000000000001',
      'Robin',
      { device: 'Firefox 128 on Linux', ip: '203.0.113.7', at: new Date('2026-11-23T17:05:00Z') },
      'https://curator.test/profile/security',
    );
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text).toContain('Hi Robin,');
    expect(mail.text).toContain('Device: Firefox 128 on Linux');
    expect(mail.text).toContain('IP address: 203.0.113.7');
    expect(mail.text).toContain('Time: 23 November 2026, 17:05 UTC');
    expect(mail.text).toContain('Review your sessions: https://curator.test/profile/security');
    expect(mail.html).toContain('href="https://curator.test/profile/security"');
    expect(mail.unsubscribeUrl).toBeUndefined();
  });

  it('escapes what it shows in HTML', () => {
    const mail = newSignInMail(
      'robin@example.test',
      '00000000-0000-4000-8000-000000000001',
      '<b>Robin</b>',
      { device: 'Unknown device', ip: '::1', at: new Date('2026-01-02T03:04:00Z') },
      'https://curator.test/profile/security',
    );
    expect(mail.html).not.toContain('<b>Robin</b>');
    expect(mailTime(new Date('2026-01-02T03:04:00Z'))).toBe('2 January 2026, 03:04 UTC');
  });
});

describe('a sign-in from a device not seen before', () => {
  it('mails nothing at the very first sign-in after sign-up', async () => {
    const email = `first.${Date.now().toString(36)}@example.test`;
    const password = 'tide-lantern-4417';
    const signedUp = await post(t.app, '/api/auth/signup', { name: 'First', email, password });
    expect(signedUp.statusCode).toBe(200);
    const verification = await latestMailTo(t, email);
    const code = linkSecretIn(verification!.text, 'onboarding/verify');
    expect((await post(t.app, '/api/auth/verify/email', { code })).statusCode).toBe(200);

    expect((await signIn({ email, password }, CHROME_MAC)).statusCode).toBe(200);
    expect(await newSignInMails(email)).toEqual([]);
  });

  it('mails nothing from a known device, even after a browser update or from another IP', async () => {
    const user = await buildUser(t);
    expect((await signIn(user, CHROME_MAC)).statusCode).toBe(200);
    expect((await signIn(user, CHROME_MAC_LATER, '192.0.2.99')).statusCode).toBe(200);
    expect(await newSignInMails(user.email)).toEqual([]);
  });

  it('mails the owner with device, IP, time and the security link', async () => {
    const user = await buildUser(t);
    expect((await signIn(user, CHROME_MAC)).statusCode).toBe(200);
    const at = t.clock.now();
    expect((await signIn(user, FIREFOX_LINUX, '203.0.113.7')).statusCode).toBe(200);
    const mails = await newSignInMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.userId).toBe(user.id);
    expect(mails[0]!.text).toContain('Device: Firefox 128 on Linux');
    expect(mails[0]!.text).toContain('IP address: 203.0.113.7');
    expect(mails[0]!.text).toContain(`Time: ${mailTime(at)}`);
    expect(mails[0]!.text).toContain(`${t.context.config.appOrigin}/profile/security`);
    // That device is known from now on.
    expect((await signIn(user, FIREFOX_LINUX)).statusCode).toBe(200);
    expect(await newSignInMails(user.email)).toHaveLength(1);
  });

  it(`counts a device unseen for more than ${KNOWN_DEVICE_DAYS} days as new`, async () => {
    const user = await buildUser(t);
    expect((await signIn(user, CHROME_MAC)).statusCode).toBe(200);
    t.clock.advance((KNOWN_DEVICE_DAYS - 1) * 24 * 60 * 60 * 1000);
    expect((await signIn(user, CHROME_MAC)).statusCode).toBe(200);
    expect(await newSignInMails(user.email)).toHaveLength(0);
    t.clock.advance((KNOWN_DEVICE_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect((await signIn(user, CHROME_MAC)).statusCode).toBe(200);
    expect(await newSignInMails(user.email)).toHaveLength(1);
  });

  it('mails nothing for a wrong password', async () => {
    const user = await buildUser(t);
    expect((await signIn(user, CHROME_MAC)).statusCode).toBe(200);
    const wrong = await signIn({ ...user, password: 'not-the-password-9' }, SAFARI_IPHONE);
    expect(wrong.statusCode).toBe(401);
    expect(await newSignInMails(user.email)).toEqual([]);
  });

  it('with two-factor sign-in, mails after the second step, not after the password', async () => {
    const user = await buildUser(t);
    const first = await signIn(user, CHROME_MAC);
    const cookie = sessionCookieFrom(first)!;
    const { secret } = await enableTotp(t, cookie);

    const password = await signIn(user, SAFARI_IPHONE, '203.0.113.8');
    const { pendingToken } = password.json().secondFactor as { pendingToken: string };
    expect(await newSignInMails(user.email)).toEqual([]);
    const second = await post(
      t.app,
      '/api/security/signin/second',
      { pendingToken, code: await totpAt(t, secret) },
      { ip: '203.0.113.8', headers: { 'user-agent': SAFARI_IPHONE } },
    );
    expect(second.statusCode).toBe(200);
    const mails = await newSignInMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Device: Safari 17 on iOS');
    expect(mails[0]!.text).toContain('IP address: 203.0.113.8');
  });
});
