import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trade } from '../../../common/api/trades/schemas.js';
import { USER_RATE_LIMITS } from '../../http/rateLimits.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { openSwap, swapCurator } from '../../test/trades.js';
import { countOpenSwaps } from './data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('open-swap slots: swaps proposed to me', () => {
  it('strangers’ proposals do not use my slots: I can still open my own', async () => {
    const free = await swapCurator(t, { plan: 'free', playlist: 'freshFinds' });
    const stranger = await swapCurator(t, { playlist: 'gymTempo' });
    const another = await swapCurator(t, { playlist: 'quietRooms' });
    for (let proposed = 0; proposed < 3; proposed += 1) await openSwap(stranger, free);
    expect(await countOpenSwaps(t.context.db, free.id)).toBe(0);
    await openSwap(free, another);
    await openSwap(free, stranger);
    expect(await countOpenSwaps(t.context.db, free.id)).toBe(2);
  });

  it('accepting a proposal uses a slot, and is refused when none is left', async () => {
    const free = await swapCurator(t, { plan: 'free', playlist: 'freshFinds' });
    const other = await swapCurator(t, { playlist: 'gymTempo' });
    const song = await other.song();
    const proposal = await openSwap(other, free, { songIds: [song.id] });
    const accepted = await free.call('accept', { tradeId: proposal.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await countOpenSwaps(t.context.db, free.id)).toBe(1);

    await openSwap(free, other);
    const second = await openSwap(other, free, { songIds: [(await other.song()).id] });
    const refused = await free.call('accept', { tradeId: second.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      details: { resource: 'openSwaps', limit: 2, current: 2, side: 'user' },
    });
    // The opener accepting first does not use the free curator's slot either.
    expect((await other.call('accept', { tradeId: second.id })).statusCode).toBe(200);
    expect(await countOpenSwaps(t.context.db, free.id)).toBe(2);
  });

  it('the opener cannot accept for me: my slot is used only by my own acceptance', async () => {
    const free = await swapCurator(t, { plan: 'free', playlist: 'freshFinds' });
    const other = await swapCurator(t, { playlist: 'gymTempo' });
    const proposal = await openSwap(other, free, { songIds: [(await other.song()).id] });
    expect((await other.call('accept', { tradeId: proposal.id })).statusCode).toBe(200);
    const trade = (await other.call('trade', { tradeId: proposal.id })).json().trade as Trade;
    expect(trade.status).toBe('pending');
    expect(await countOpenSwaps(t.context.db, free.id)).toBe(0);
  });

  it('I can decline a proposal: deleting it while pending', async () => {
    const free = await swapCurator(t, { plan: 'free', playlist: 'freshFinds' });
    const stranger = await swapCurator(t, { playlist: 'gymTempo' });
    const proposal = await openSwap(stranger, free);
    const declined = await free.call('deletetrade', { tradeId: proposal.id });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await stranger.call('trade', { tradeId: proposal.id })).statusCode).toBe(404);
  });
});

describe('opening swaps is rate limited per user', () => {
  it('refuses opens beyond the limit with 429; another curator still opens', async () => {
    const opener = await swapCurator(t, { plan: 'pro', playlist: 'freshFinds' });
    const target = await swapCurator(t, { playlist: 'gymTempo' });
    const { points } = USER_RATE_LIMITS.swapOpen;
    for (let opened = 0; opened < points; opened += 1) await openSwap(opener, target);
    const refused = await opener.call('open', { traderId: target.id, periodDays: 14 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    await openSwap(target, opener);
  });
});
