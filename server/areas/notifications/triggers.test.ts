import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, signedInUser, type TestApp } from '../../test/harness.js';
import { acceptedSwap, openSwap, PLAYLISTS, swapCurator } from '../../test/trades.js';
import { checkPlacements } from '../../jobs/swapPlacementChecks.js';
import type { TradeSong } from '../../../common/api/trades/schemas.js';
import { notifyInvitationAccepted } from './index.js';
import { noticesTo, setSwitches } from '../../test/notifications.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sendRequest = (from: { cookie: string }, to: { id: string }) =>
  post(t.app, '/api/users/friend/request/send', { userId: to.id }, { cookie: from.cookie });

describe('friend request mail (friendRequests switch)', () => {
  it('sends one mail naming the sender and linking to their profile; sending again sends no second', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    expect((await sendRequest(one, two)).statusCode).toBe(200);
    expect((await sendRequest(one, two)).statusCode).toBe(200);
    const mails = await noticesTo(t, two.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: two.email,
      subject: `${one.name} sent you a friend request on Curator`,
    });
    expect(mails[0]!.text).toContain(`${t.config.appOrigin}/discovery/profile/${one.id}`);
    expect(mails[0]!.unsubscribeUrl).toMatch(
      new RegExp(`/unsubscribe/${two.id}\\.friendRequests\\.`),
    );
    expect(await noticesTo(t, one.id)).toHaveLength(0);
  });

  it('sends nothing when the switch is off, nor when the request makes them friends', async () => {
    const one = await signedInUser(t);
    const two = await signedInUser(t);
    await setSwitches(t, two.cookie, { friendRequests: false });
    await sendRequest(one, two);
    expect(await noticesTo(t, two.id)).toHaveLength(0);
    // two answers with a request of their own: they become friends, no "request" mail to one.
    expect((await sendRequest(two, one)).json().relation).toBe('friend');
    expect(await noticesTo(t, one.id)).toHaveLength(0);
  });
});

describe('invitation accepted mail (friendRequests switch)', () => {
  it('notifyInvitationAccepted mails the inviter once, and nothing when their switch is off', async () => {
    const inviter = await signedInUser(t);
    const invitee = await signedInUser(t);
    const ids = { inviterId: inviter.id, inviteeId: invitee.id };
    expect(await notifyInvitationAccepted(t.context, t.context.db, ids)).toBe(true);
    const mails = await noticesTo(t, inviter.id);
    expect(mails.map((m) => m.subject)).toEqual([
      `${invitee.name} accepted your invitation to Curator`,
    ]);
    expect(mails[0]!.text).toContain(`/network/profile/${invitee.id}`);

    await setSwitches(t, inviter.cookie, { friendRequests: false });
    expect(await notifyInvitationAccepted(t.context, t.context.db, ids)).toBe(false);
    expect(await noticesTo(t, inviter.id)).toHaveLength(1);
  });
});

describe('swap mails (swaps switch)', () => {
  it('a swap opened with me: one mail to the other trader, none to the opener', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const trade = await openSwap(one, two, { songIds: [(await one.song()).id] });
    const mails = await noticesTo(t, two.id);
    expect(mails.map((m) => m.subject)).toEqual([`${one.name} opened a song swap with you`]);
    expect(mails[0]!.text).toContain(`/songswap/${trade.id}`);
    expect(await noticesTo(t, one.id)).toHaveLength(0);
  });

  it('a swap opened with me: nothing when my swaps switch is off', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    await setSwitches(t, two.cookie, { swaps: false });
    await openSwap(one, two, { songIds: [(await one.song()).id] });
    expect(await noticesTo(t, two.id)).toHaveLength(0);
  });

  it('accepting mails the other trader once per acceptance; the second says the swap is on', async () => {
    const swap = await acceptedSwap(t);
    // two got "opened", then one's acceptance; one got two's acceptance (which agreed it).
    const toTwo = await noticesTo(t, swap.two.id);
    expect(toTwo.map((m) => m.subject)).toEqual([
      `${swap.one.name} opened a song swap with you`,
      `${swap.one.name} accepted your song swap`,
    ]);
    expect(toTwo[1]!.text).toContain('Accept it too to start it.');
    const toOne = await noticesTo(t, swap.one.id);
    expect(toOne.map((m) => m.subject)).toEqual([`${swap.two.name} accepted your song swap`]);
    expect(toOne[0]!.text).toContain('the swap is on');
  });

  it('accepting sends nothing to a trader whose swaps switch is off', async () => {
    const one = await swapCurator(t, { playlist: 'freshFinds' });
    const two = await swapCurator(t, { playlist: 'gymTempo' });
    const trade = await openSwap(one, two, { songIds: [(await one.song()).id] });
    await setSwitches(t, one.cookie, { swaps: false });
    expect((await two.call('accept', { tradeId: trade.id })).statusCode).toBe(200);
    expect(await noticesTo(t, one.id)).toHaveLength(0);
  });
});

describe('placement removed early mail (swaps switch)', () => {
  async function removedPlacement() {
    const swap = await acceptedSwap(t, { periodDays: 28 });
    const placed = await swap.two.call('addtoplaylist', {
      tradeId: swap.trade.id,
      tradeSongId: swap.oneTradeSongId,
      playlistId: PLAYLISTS.gymTempo.id,
      position: 3,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((placed.json().tradeSong as TradeSong).PlaylistSongs).toHaveLength(1);
    t.spotify.control.editAsSomeoneElse(PLAYLISTS.gymTempo.id, { kind: 'remove', position: 3 });
    return swap;
  }

  it('tells the song’s owner once, even when the check finds it gone again', async () => {
    const swap = await removedPlacement();
    const before = (await noticesTo(t, swap.one.id)).length;
    await checkPlacements(t.context, t.clock.now());
    t.clock.advance(86_400_000);
    await checkPlacements(t.context, t.clock.now());
    const added = (await noticesTo(t, swap.one.id)).slice(before);
    expect(added.map((m) => m.subject)).toEqual(['A swapped song left a playlist early']);
    expect(added[0]!.text).toContain('is no longer in the playlist');
    expect(added[0]!.text).toContain(`/songswap/${swap.trade.id}`);
  });

  it('sends nothing when the owner’s swaps switch is off', async () => {
    const swap = await removedPlacement();
    await setSwitches(t, swap.one.cookie, { swaps: false });
    const before = (await noticesTo(t, swap.one.id)).length;
    await checkPlacements(t.context, t.clock.now());
    expect(await noticesTo(t, swap.one.id)).toHaveLength(before);
  });
});
