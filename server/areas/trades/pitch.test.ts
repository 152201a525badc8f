import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_REASON_MAX, PITCH_MAX } from '../../../common/api/trades/limits.js';
import type { Trade } from '../../../common/api/trades/schemas.js';
import { createTestApp, post, type TestApp } from '../../test/harness.js';
import { expectNoFaultOfOurs, FUZZ_RUNS, hostileText } from '../../test/fuzzing.js';
import { noticesTo } from '../../test/notifications.js';
import { connectSocket, connected, onlyToMeInbox, type ClientSocket } from '../../test/sockets.js';
import { pendingSwap, swapCurator } from '../../test/trades.js';

let t: TestApp;
let baseUrl: string;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

async function inboxOf(cookie: string) {
  const socket = connectSocket(baseUrl, cookie);
  sockets.push(socket);
  await connected(socket);
  return onlyToMeInbox(socket);
}

async function pair() {
  const one = await swapCurator(t, { playlist: 'freshFinds' });
  const two = await swapCurator(t, { playlist: 'gymTempo' });
  return { one, two };
}

describe('a pitch with every swap', () => {
  it('open keeps the pitch (trimmed, as plain text) and shows it to both, live to the partner', async () => {
    const { one, two } = await pair();
    const twoInbox = await inboxOf(two.cookie);
    const pitch = '  Your <b>gym</b> list & my song: a fit?  ';
    const opened = await one.call('open', { traderId: two.id, periodDays: 14, pitch });
    expect(opened.statusCode, opened.body).toBe(200);
    const trade = opened.json().trade as Trade;
    expect(trade.pitch).toBe('Your <b>gym</b> list & my song: a fit?');

    const push = await twoInbox.next((p) => p.type === 'OpenTrade');
    expect((push.response as { trade: Trade }).trade).toMatchObject({
      id: trade.id,
      userId: two.id,
      pitch: 'Your <b>gym</b> list & my song: a fit?',
    });
    for (const who of [one, two]) {
      const info = await who.call('tradeinfo', { tradeId: trade.id });
      expect(info.json().trade.pitch).toBe('Your <b>gym</b> list & my song: a fit?');
    }
    const listed = await two.call('all', { statuses: ['pending'] });
    expect(listed.json().trades.pending[0].pitch).toBe('Your <b>gym</b> list & my song: a fit?');

    // The mail quotes it, escaped in its HTML.
    const [mail] = (await noticesTo(t, two.id)).slice(-1);
    expect(mail!.text).toContain('“Your <b>gym</b> list & my song: a fit?”');
    expect(mail!.html).not.toContain('<b>gym</b>');
  });

  it('no pitch, or only spaces, is none', async () => {
    const { one, two } = await pair();
    const none = await one.call('open', { traderId: two.id, periodDays: 14 });
    expect(none.json().trade.pitch).toBeNull();
    const blank = await one.call('open', { traderId: two.id, periodDays: 14, pitch: '   ' });
    expect(blank.json().trade.pitch).toBeNull();
  });

  it('refuses a pitch over the limit, and text the database cannot hold, naming the field', async () => {
    const { one, two } = await pair();
    const long = await one.call('open', {
      traderId: two.id,
      periodDays: 14,
      pitch: 'x'.repeat(PITCH_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('pitch');
    const atLimit = await one.call('open', {
      traderId: two.id,
      periodDays: 14,
      pitch: 'x'.repeat(PITCH_MAX),
    });
    expect(atLimit.statusCode).toBe(200);
    const nul = await one.call('open', { traderId: two.id, periodDays: 14, pitch: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.fields).toHaveProperty('pitch');
  });

  it('anonymous callers cannot open with a pitch', async () => {
    const { two } = await pair();
    const response = await post(t.app, '/api/trades/open', {
      traderId: two.id,
      periodDays: 14,
      pitch: 'hello',
    });
    expect(response.statusCode).toBe(401);
  });

  it('a blocked curator cannot reach the blocker with a pitch', async () => {
    const { one, two } = await pair();
    const blocking = await post(
      t.app,
      '/api/users/block',
      { userId: one.id },
      { cookie: two.cookie },
    );
    expect(blocking.statusCode, blocking.body).toBe(200);
    const before = (await noticesTo(t, two.id)).length;
    const response = await one.call('open', { traderId: two.id, periodDays: 14, pitch: 'hi' });
    expect(response.statusCode).toBe(404);
    expect(await noticesTo(t, two.id)).toHaveLength(before);
  });
});

describe('a reason when declining or deleting', () => {
  it('the partner declines with a reason: the opener is told live and by mail', async () => {
    const { one, two, trade } = await pendingSwap(t);
    const oneInbox = await inboxOf(one.cookie);
    const reason = '  Not my genre, sorry.  ';
    const declined = await two.call('deletetrade', { tradeId: trade.id, reason });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({
      success: true,
      tradeId: trade.id,
      reason: 'Not my genre, sorry.',
    });
    const push = await oneInbox.next((p) => p.type === 'DeleteTrade');
    expect(push.response).toEqual({
      success: true,
      tradeId: trade.id,
      reason: 'Not my genre, sorry.',
    });
    const [mail] = (await noticesTo(t, one.id)).slice(-1);
    expect(mail!.subject).toBe(`${two.name} declined your song swap`);
    expect(mail!.text).toContain('Their reason: “Not my genre, sorry.”');
  });

  it('the opener deletes without a reason: the partner is told it was deleted, no reason', async () => {
    const { one, two, trade } = await pendingSwap(t);
    const deleted = await one.call('deletetrade', { tradeId: trade.id });
    expect(deleted.json()).toEqual({ success: true, tradeId: trade.id, reason: null });
    const [mail] = (await noticesTo(t, two.id)).slice(-1);
    expect(mail!.subject).toBe(`${one.name} deleted a song swap with you`);
    expect(mail!.text).toContain('They gave no reason.');
  });

  it('refuses a reason over the limit and leaves the swap in place', async () => {
    const { two, trade } = await pendingSwap(t);
    const long = await two.call('deletetrade', {
      tradeId: trade.id,
      reason: 'x'.repeat(CLOSE_REASON_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('reason');
    expect((await two.call('tradeinfo', { tradeId: trade.id })).statusCode).toBe(200);
  });

  it('anonymous callers and strangers cannot delete, and learn no reason', async () => {
    const { one, two, trade } = await pendingSwap(t);
    const anonymous = await post(t.app, '/api/trades/deletetrade', {
      tradeId: trade.id,
      reason: 'x',
    });
    expect(anonymous.statusCode).toBe(401);
    const third = await swapCurator(t, { playlist: 'focusFlow' });
    const before = [(await noticesTo(t, one.id)).length, (await noticesTo(t, two.id)).length];
    const stranger = await third.call('deletetrade', { tradeId: trade.id, reason: 'go away' });
    expect(stranger.statusCode).toBe(404);
    expect([(await noticesTo(t, one.id)).length, (await noticesTo(t, two.id)).length]).toEqual(
      before,
    );
    expect((await one.call('tradeinfo', { tradeId: trade.id })).statusCode).toBe(200);
  });

  it('after a block the swap may still go, but its reason reaches nobody', async () => {
    const { one, two, trade } = await pendingSwap(t);
    const blocking = await post(
      t.app,
      '/api/users/block',
      { userId: two.id },
      { cookie: one.cookie },
    );
    expect(blocking.statusCode, blocking.body).toBe(200);
    const oneInbox = await inboxOf(one.cookie);
    const deleted = await two.call('deletetrade', { tradeId: trade.id, reason: 'call me at …' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().reason).toBeNull();
    const push = await oneInbox.next((p) => p.type === 'DeleteTrade');
    expect(push.response).toEqual({ success: true, tradeId: trade.id, reason: null });
    const [mail] = (await noticesTo(t, one.id)).slice(-1);
    expect(mail!.text).not.toContain('call me');
  });
});

// Each generated call that passes validation opens (and deletes) a real swap: minutes, not seconds.
describe('fuzzed pitches and reasons', { timeout: 600_000 }, () => {
  // Hostile text in the one text field of otherwise valid calls, so it reaches the handlers
  // (the suite-wide fuzz sends bodies that mostly fail validation first).
  const text = fc.oneof(hostileText(PITCH_MAX + 20), fc.string({ maxLength: PITCH_MAX + 20 }));
  /** Openers in turn, each under the hourly open budget (swapOpen: 20 an hour). */
  const openers = () => {
    let current: Awaited<ReturnType<typeof swapCurator>> | null = null;
    let opened = 0;
    return async () => {
      if (!current || opened >= 15) {
        current = await swapCurator(t);
        opened = 0;
      }
      opened += 1;
      return current;
    };
  };

  it(`trades/open: ${FUZZ_RUNS} generated pitches never answer 5xx; a stored one is the trimmed text`, async () => {
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const next = openers();
    await fc.assert(
      fc.asyncProperty(text, async (pitch) => {
        const one = await next();
        const response = await one.call('open', { traderId: two.id, periodDays: 14, pitch });
        expectNoFaultOfOurs(response, `open ${JSON.stringify(pitch)}`);
        if (response.statusCode === 200) {
          const trade = response.json().trade as Trade;
          expect(trade.pitch).toBe(pitch.trim() || null);
          // Clean up: the plan's open-swap limit would refuse the rest.
          await one.call('deletetrade', { tradeId: trade.id });
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it(`trades/deletetrade: ${FUZZ_RUNS} generated reasons never answer 5xx`, async () => {
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const next = openers();
    await fc.assert(
      fc.asyncProperty(text, async (reason) => {
        const one = await next();
        const opened = await one.call('open', { traderId: two.id, periodDays: 14 });
        expect(opened.statusCode, opened.body).toBe(200);
        const tradeId = (opened.json().trade as Trade).id;
        const response = await two.call('deletetrade', { tradeId, reason });
        expectNoFaultOfOurs(response, `deletetrade ${JSON.stringify(reason)}`);
        if (response.statusCode === 200) expect(response.json().reason).toBe(reason.trim() || null);
        else await one.call('deletetrade', { tradeId });
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});
