/** Authorization cases of the invitation actions (server/test/authorization.test.ts). */
import { expect } from 'vitest';
import { signedInUser, type TestApp } from './harness.js';
import { usersCall, type Curator } from './network.js';

type Case =
  { kind: 'public'; why: string } | { kind: 'stranger'; scenario: (t: TestApp) => Promise<void> };

/** An inviter with one open invitation (its secret and id), and a stranger. */
export async function inviterAndStranger(t: TestApp) {
  const owner = await signedInUser(t);
  const stranger = await signedInUser(t);
  const created = await usersCall(t, owner, 'invite/create');
  expect(created.statusCode).toBe(200);
  const { invitation, url } = created.json() as { invitation: { id: string }; url: string };
  return { owner, stranger, id: invitation.id, secret: url.split('/').pop()! };
}

async function openInvitationIds(t: TestApp, who: Curator): Promise<string[]> {
  const listed = await usersCall(t, who, 'invites');
  return (listed.json().invitations as { id: string }[]).map((row) => row.id);
}

export const invitationCases = {
  'users/invite/create': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger, id } = await inviterAndStranger(t);
      // Nobody can create an invitation in another curator's name.
      const aimed = await usersCall(t, stranger, 'invite/create', { inviterId: owner.id });
      expect(aimed.statusCode).toBe(400);
      expect((await usersCall(t, stranger, 'invite/create')).statusCode).toBe(200);
      expect(await openInvitationIds(t, owner)).toEqual([id]);
    },
  },
  'users/invite/info': {
    kind: 'public',
    why: 'the invitation page is opened before signing up; it answers only the name and picture of the inviter of an open link, whose secret is the key',
  },
  'users/invite/accept': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger, secret } = await inviterAndStranger(t);
      const invitee = await signedInUser(t);
      expect(
        (await usersCall(t, invitee, 'invite/accept', { invitation: secret })).statusCode,
      ).toBe(200);
      // A used link makes nobody else the inviter's friend.
      const late = await usersCall(t, stranger, 'invite/accept', { invitation: secret });
      expect(late.statusCode).toBe(409);
      const friends = await usersCall(t, owner, 'network/friends');
      expect((friends.json().friends as { id: string }[]).map((f) => f.id)).toEqual([invitee.id]);
    },
  },
  'users/invite/revoke': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger, id, secret } = await inviterAndStranger(t);
      const response = await usersCall(t, stranger, 'invite/revoke', { id });
      expect(response.statusCode).toBe(404);
      expect(await openInvitationIds(t, owner)).toEqual([id]);
      expect((await usersCall(t, stranger, 'invite/info', { invitation: secret })).statusCode).toBe(
        200,
      );
    },
  },
  'users/invites': {
    kind: 'stranger',
    scenario: async (t) => {
      const { owner, stranger, id } = await inviterAndStranger(t);
      const listed = await usersCall(t, stranger, 'invites');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().invitations).toEqual([]);
      expect(listed.body).not.toContain(id);
      expect(await openInvitationIds(t, owner)).toEqual([id]);
    },
  },
} satisfies Record<string, Case>;
