import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVITE_VALID_DAYS, INVITES_PER_DAY_MAX } from '../../../common/api/users/limits.js';
import { invitations } from '../../db/schema.js';
import { hashSecret } from '../../lib/secrets.js';
import {
  buildUser,
  createTestApp,
  latestMailTo,
  post,
  signedInUser,
  type TestApp,
} from '../../test/harness.js';
import { inviterAndStranger } from '../../test/invitationAuthorization.js';
import { usersCall, type Curator } from '../../test/network.js';
import { queryPlan } from '../../test/queryPlan.js';
import { openInvitationsQuery } from './invitationData.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const call = (who: Curator, action: string, body: object = {}) => usersCall(t, who, action, body);
const info = (invitation: string) => post(t.app, '/api/users/invite/info', { invitation });
const secretOf = (url: string) => url.split('/onboarding/invite/')[1]!;
const friendIds = async (who: Curator) =>
  ((await call(who, 'network/friends')).json().friends as { id: string }[]).map((f) => f.id);

describe('invite/create', () => {
  it('answers a link once, stores only its hash, and mails it through the outbox when an address is given', async () => {
    const owner = await signedInUser(t);
    const created = await call(owner, 'invite/create', { email: ' Friend.One@Example.test ' });
    expect(created.statusCode).toBe(200);
    const { invitation, url } = created.json();
    expect(url).toMatch(/\/onboarding\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(invitation).toMatchObject({
      email: 'friend.one@example.test',
      status: 'open',
      acceptedBy: null,
    });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(
      INVITE_VALID_DAYS * DAY_MS,
    );
    const [row] = await t.context.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitation.id));
    expect(row!.tokenHash).toBe(hashSecret(secretOf(url)));
    expect(JSON.stringify(row)).not.toContain(secretOf(url));
    const mail = await latestMailTo(t, 'friend.one@example.test');
    expect(mail?.subject).toBe(`${owner.name} invited you to Curator`);
    expect(mail?.text).toContain(url);
    // The list never carries the secret.
    expect((await call(owner, 'invites')).body).not.toContain(secretOf(url));
  });

  it('without an address sends no mail; bad input is 400 naming the field', async () => {
    const owner = await signedInUser(t);
    expect((await call(owner, 'invite/create')).statusCode).toBe(200);
    const bad = await call(owner, 'invite/create', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('email');
    const own = await call(owner, 'invite/create', { email: owner.email });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.fields).toHaveProperty('email');
  });

  it(`allows ${INVITES_PER_DAY_MAX} invitations a day per curator, then 429`, async () => {
    const owner = await signedInUser(t);
    for (let n = 0; n < INVITES_PER_DAY_MAX; n += 1)
      expect((await call(owner, 'invite/create')).statusCode).toBe(200);
    const refused = await call(owner, 'invite/create');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    t.clock.advance(DAY_MS + 1000);
    expect((await call(owner, 'invite/create')).statusCode).toBe(200);
  });
});

describe('invite/info and invite/accept', () => {
  it('info names the inviter of an open link without a session; accept makes them friends and uses the link up', async () => {
    const { owner, secret } = await inviterAndStranger(t);
    const opened = await info(secret);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().inviter).toEqual({ id: owner.id, name: owner.name, pictureUrl: '' });
    expect(opened.body).not.toContain(owner.email);

    const invitee = await signedInUser(t);
    const push = vi.spyOn(t.context.realtime, 'toUser');
    const accepted = await call(invitee, 'invite/accept', { invitation: secret });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({
      friend: { id: owner.id, name: owner.name, pictureUrl: '' },
      relation: 'friend',
    });
    expect(push).toHaveBeenCalledWith(owner.id, 'FriendRequestChanged', {
      request: { userId: invitee.id, change: 'accepted' },
      response: { relation: 'friend', requestsReceived: 0 },
    });
    push.mockRestore();
    expect(await friendIds(owner)).toEqual([invitee.id]);
    expect(await friendIds(invitee)).toEqual([owner.id]);
    // The inviter hears by mail (their friendRequests switch is on by default).
    const mail = await latestMailTo(t, owner.email);
    expect(mail?.subject).toBe(`${invitee.name} accepted your invitation to Curator`);
    // Used up: gone from the open list and the page, and the caller's retry answers the same.
    expect((await call(owner, 'invites')).json().invitations).toEqual([]);
    expect((await info(secret)).statusCode).toBe(404);
    expect((await call(invitee, 'invite/accept', { invitation: secret })).statusCode).toBe(200);
  });

  it('a used link is 409 for anyone else', async () => {
    const { stranger, secret } = await inviterAndStranger(t);
    const invitee = await signedInUser(t);
    await call(invitee, 'invite/accept', { invitation: secret });
    const late = await call(stranger, 'invite/accept', { invitation: secret });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('CONFLICT');
  });

  it('an expired link is 404 on the page and for accept', async () => {
    const { secret } = await inviterAndStranger(t);
    t.clock.advance(INVITE_VALID_DAYS * DAY_MS + 1000);
    expect((await info(secret)).statusCode).toBe(404);
    const invitee = await signedInUser(t);
    expect((await call(invitee, 'invite/accept', { invitation: secret })).statusCode).toBe(404);
  });

  it('an unknown link is 404; an empty one is 400 naming the field', async () => {
    const someone = await signedInUser(t);
    expect((await info('no-such-secret')).statusCode).toBe(404);
    expect(
      (await call(someone, 'invite/accept', { invitation: 'no-such-secret' })).statusCode,
    ).toBe(404);
    const empty = await info('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('invitation');
  });

  it("accepting one's own invitation is 409 and leaves the link open", async () => {
    const { owner, secret } = await inviterAndStranger(t);
    const own = await call(owner, 'invite/accept', { invitation: secret });
    expect(own.statusCode).toBe(409);
    expect((await info(secret)).statusCode).toBe(200);
  });

  it('an inviter who blocked the caller gets the neutral 404, the link stays open; a caller who blocked the inviter is told to unblock', async () => {
    const { owner, stranger, secret } = await inviterAndStranger(t);
    await call(owner, 'block', { userId: stranger.id });
    const refused = await call(stranger, 'invite/accept', { invitation: secret });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe((await info('no-such-secret')).json().error.message);
    expect(await friendIds(owner)).toEqual([]);
    expect((await info(secret)).statusCode).toBe(200);

    const other = await inviterAndStranger(t);
    await call(other.stranger, 'block', { userId: other.owner.id });
    const blocker = await call(other.stranger, 'invite/accept', { invitation: other.secret });
    expect(blocker.statusCode).toBe(409);
  });

  it('friends already stay friends, and the link is used up', async () => {
    const { owner, stranger, secret } = await inviterAndStranger(t);
    await call(owner, 'friend/request/send', { userId: stranger.id });
    await call(stranger, 'friend/acceptreject', { userId: owner.id, accept: true });
    expect((await call(stranger, 'invite/accept', { invitation: secret })).json().relation).toBe(
      'friend',
    );
    expect(await friendIds(owner)).toEqual([stranger.id]);
    expect((await info(secret)).statusCode).toBe(404);
  });

  it('accept needs a session (401)', async () => {
    const { secret } = await inviterAndStranger(t);
    const anonymous = await post(t.app, '/api/users/invite/accept', { invitation: secret });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('invite/revoke and invites', () => {
  it('the owner revokes: the link stops working; a used link cannot be revoked (409); a stranger gets 404', async () => {
    const { owner, stranger, id, secret } = await inviterAndStranger(t);
    expect((await call(stranger, 'invite/revoke', { id })).statusCode).toBe(404);
    const revoked = await call(owner, 'invite/revoke', { id });
    expect(revoked.json().invitation).toMatchObject({ id, status: 'revoked' });
    expect((await info(secret)).statusCode).toBe(404);
    expect((await call(stranger, 'invite/accept', { invitation: secret })).statusCode).toBe(404);
    expect((await call(owner, 'invite/revoke', { id })).statusCode).toBe(200);

    const used = await inviterAndStranger(t);
    await call(used.stranger, 'invite/accept', { invitation: used.secret });
    expect((await call(used.owner, 'invite/revoke', { id: used.id })).statusCode).toBe(409);
    const bad = await call(owner, 'invite/revoke', { id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
  });

  it('lists open invitations newest first in keyset pages, without expired ones', async () => {
    const owner = await signedInUser(t);
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      ids.unshift((await call(owner, 'invite/create')).json().invitation.id as string);
      t.clock.advance(1000);
    }
    const first = (await call(owner, 'invites', { limit: 4 })).json();
    const second = (await call(owner, 'invites', { limit: 4, cursor: first.nextCursor })).json();
    expect(first.invitations.map((i: { id: string }) => i.id)).toEqual(ids.slice(0, 4));
    expect(second.invitations.map((i: { id: string }) => i.id)).toEqual(ids.slice(4));
    expect(second.nextCursor).toBeNull();
    // The oldest expires: it leaves the list.
    const oldest = ids[ids.length - 1]!;
    await t.context.db
      .update(invitations)
      .set({ expiresAt: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(invitations.id, oldest));
    t.clock.advance(120_000);
    const later = (await call(owner, 'invites', { limit: 10 })).json();
    expect(later.invitations.map((i: { id: string }) => i.id)).toEqual(ids.slice(0, 5));
    const forged = await call(owner, 'invites', { cursor: 'forged' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields).toHaveProperty('cursor');
  });

  it('reads the open list from invitations_inviter_open_idx in order (no sort)', async () => {
    const owner = await signedInUser(t);
    const others = await Promise.all(Array.from({ length: 9 }, () => buildUser(t)));
    // Many inviters, the owner among them, with open, used and revoked links (clock-relative).
    await t.database.executeSql(
      `insert into invitations (inviter_id, token_hash, created_at, expires_at, accepted_at, revoked_at)
       select (array[${[owner, ...others].map((_, i) => `$${i + 2}::uuid`).join(', ')}])[1 + n % 10],
              md5(n::text || random()::text),
              $1::timestamptz - n * interval '1 second',
              $1::timestamptz + interval '1 day' - n * interval '1 second',
              case when n % 7 = 0 then $1::timestamptz end,
              case when n % 11 = 0 then $1::timestamptz end
       from generate_series(1, 20000) as n`,
      [t.clock.now().toISOString(), owner.id, ...others.map((other) => other.id)],
    );
    await t.database.executeSql('analyze invitations', []);
    const plan = await queryPlan(
      t.database,
      openInvitationsQuery(t.context.db, owner.id, t.clock.now(), null, 21),
    );
    expect(plan).toContain('invitations_inviter_open_idx');
    expect(plan).not.toMatch(/(^|->)\s*(Incremental )?Sort\s+\(/m);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
