/** Test helpers for the network: curators who are friends, with a group. */
import { expect } from 'vitest';
import { post, signedInUser, type TestApp } from './harness.js';

export type Curator = Awaited<ReturnType<typeof signedInUser>>;

/** Calls a users action as the curator. */
export function usersCall(t: TestApp, who: Curator, action: string, body: object = {}) {
  return post(t.app, `/api/users/${action}`, body, { cookie: who.cookie });
}

/** Two signed-in curators who are friends (one requested, two accepted). */
export async function friendsPair(t: TestApp): Promise<{ one: Curator; two: Curator }> {
  const one = await signedInUser(t);
  const two = await signedInUser(t);
  expect((await usersCall(t, one, 'friend/request/send', { userId: two.id })).statusCode).toBe(200);
  const accepted = await usersCall(t, two, 'friend/acceptreject', { userId: one.id, accept: true });
  expect(accepted.statusCode).toBe(200);
  return { one, two };
}

/** An owner with a friend in a group, and a third curator. */
export async function groupOwnerAndStranger(t: TestApp) {
  const { one: owner, two: friend } = await friendsPair(t);
  const created = await usersCall(t, owner, 'friend/group/create', { name: 'Close' });
  const groupId = created.json().group.id as string;
  expect(
    (await usersCall(t, owner, 'friend/group/add', { groupId, friendId: friend.id })).statusCode,
  ).toBe(200);
  const stranger = await signedInUser(t);
  return { owner, friend, stranger, groupId };
}
