import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createMailer, GIVE_UP_AFTER_MS, retryDelayMs } from './mailer.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An SMTP stand-in that is up or down at the test's word. */
function switchableTransport() {
  const state = { up: false, sent: [] as string[] };
  const transport = nodemailer.createTransport({
    name: 'switchable',
    version: '1',
    send: (mail, done) => {
      if (!state.up) return done(new Error('connect ECONNREFUSED 127.0.0.1:25'), undefined);
      state.sent.push(String(mail.data.subject));
      return done(null, { envelope: mail.message.getEnvelope(), messageId: 'x' } as never);
    },
  });
  return { state, transport };
}

function mailerAt(clock: { now: Date }, transport: Transporter) {
  return createMailer({
    db: t.context.db,
    from: 'Curator <no-reply@curator.test>',
    log: t.app.log,
    transport,
    now: () => clock.now,
  });
}

const mail = (subject: string) => ({
  to: 'robin@example.test',
  subject,
  text: `Open https://curator.test/password/reset/secret-${subject}`,
  html: `<a href="https://curator.test/password/reset/secret-${subject}">reset</a>`,
});

async function rowOf(subject: string) {
  const [row] = await t.context.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject));
  return row!;
}

describe('mail delivery through an SMTP outage', () => {
  it('backs off exponentially, keeps the row, delivers once SMTP is back, and scrubs the body', async () => {
    const clock = { now: new Date() };
    const { state, transport } = switchableTransport();
    const mailer = mailerAt(clock, transport);
    await mailer.enqueue(t.context.db, mail('outage-1'));
    await mailer.deliverPending();
    let row = await rowOf('outage-1');
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row.nextAttemptAt.getTime()).toBe(clock.now.getTime() + retryDelayMs(1));
    // Not due again before its back-off.
    await mailer.deliverPending();
    expect((await rowOf('outage-1')).attempts).toBe(1);
    // Twenty hours of failures later the row is still waiting, with a longer wait each time.
    for (let hour = 0; hour < 20; hour += 1) {
      clock.now = new Date(clock.now.getTime() + 60 * 60 * 1000);
      await mailer.deliverPending();
    }
    row = await rowOf('outage-1');
    expect(row.sentAt).toBeNull();
    expect(row.failedAt).toBeNull();
    expect(await mailer.backlog()).toMatchObject({ waiting: expect.any(Number) });
    state.up = true;
    clock.now = new Date(row.nextAttemptAt.getTime() + 1);
    await mailer.deliverPending();
    row = await rowOf('outage-1');
    expect(state.sent).toContain('outage-1');
    expect(row.sentAt).not.toBeNull();
    expect(row.text).toBe('');
    expect(row.html).toBe('');
    mailer.close();
  });

  it('gives up after 48 hours, keeps the row without its secret, and counts it as failed', async () => {
    const clock = { now: new Date() };
    const { transport } = switchableTransport();
    const mailer = mailerAt(clock, transport);
    const before = (await mailer.backlog())!.failed;
    await mailer.enqueue(t.context.db, mail('outage-2'));
    await t.context.db
      .update(mailOutbox)
      .set({ createdAt: new Date(clock.now.getTime() - GIVE_UP_AFTER_MS) })
      .where(eq(mailOutbox.subject, 'outage-2'));
    await mailer.deliverPending();
    const row = await rowOf('outage-2');
    expect(row.failedAt).not.toBeNull();
    expect(row.text).not.toContain('secret');
    expect((await mailer.backlog())!.failed).toBe(before + 1);
    mailer.close();
  });

  it('retries in 30 s doubling, at most 2 h', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(2 * 60 * 60 * 1000);
  });
});
