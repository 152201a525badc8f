/**
 * Invitations (docs/network.md, Invitations): a single-use link
 * /onboarding/invite/{secret} that makes whoever accepts it the inviter's friend. Only the
 * secret's SHA-256 is stored; links expire after INVITE_VALID_DAYS.
 */
import { INVITE_VALID_DAYS, INVITES_PER_DAY_MAX } from '../../../common/api/users/limits.js';
import type { CuratorSummary, Invitation, Relation } from '../../../common/api/users/schemas.js';
import type { AppContext } from '../../appContext.js';
import { ApiError, conflict, notFound, validationFailed } from '../../lib/apiError.js';
import { hashSecret, newSecret } from '../../lib/secrets.js';
import { decodeCursor, encodeCursor } from '../../lib/timeCursor.js';
import { notifyInvitationAccepted } from '../notifications/index.js';
import {
  createdSince,
  insertInvitation,
  invitationByHash,
  markAccepted,
  markRevoked,
  openInvitationsQuery,
  ownInvitation,
  presentInvitation,
  statusOf,
} from './invitationData.js';
import { invitationMail } from './invitationMail.js';
import {
  areFriends,
  befriend,
  hasBlocked,
  lockPair,
  presentCurator,
  pushChange,
} from '../network/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITATION_ROUTE = '/onboarding/invite/';

/** Unknown, used, expired and revoked links, and an inviter who blocked the caller, look alike. */
const invitationGone = () => notFound('This invitation is unknown, used or expired.');

interface Inviter {
  id: string;
  name: string;
  email: string;
}

/** Creates a link (mailed through the outbox when an address is given); the secret is answered once. */
export async function createInvitation(
  context: AppContext,
  inviter: Inviter,
  email: string | undefined,
): Promise<{ invitation: Invitation; url: string }> {
  if (email !== undefined && email === inviter.email.toLowerCase())
    throw validationFailed({ email: 'That is your own address: invite someone else' });
  const now = context.clock.now();
  const created = await createdSince(context.db, inviter.id, new Date(now.getTime() - DAY_MS));
  if (created >= INVITES_PER_DAY_MAX)
    throw new ApiError(
      429,
      'RATE_LIMITED',
      `You can create ${INVITES_PER_DAY_MAX} invitations a day. Please try again tomorrow.`,
      undefined,
      { retryAfterSeconds: 60 * 60 },
    );
  const secret = newSecret();
  const url = `${context.config.appOrigin}${INVITATION_ROUTE}${secret}`;
  const row = await context.db.transaction(async (tx) => {
    const inserted = await insertInvitation(tx, {
      inviterId: inviter.id,
      tokenHash: hashSecret(secret),
      email: email ?? null,
      now,
      expiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS),
    });
    if (email)
      await context.mailer.enqueue(tx, invitationMail(email, inviter, url, INVITE_VALID_DAYS));
    return inserted;
  });
  return { invitation: await presentInvitation(context.db, row, now), url };
}

/** Who invited the holder of an open link (public); anything else answers 404. */
export async function invitationInfo(
  context: AppContext,
  secret: string,
): Promise<{ inviter: CuratorSummary; expiresAt: string }> {
  const found = await invitationByHash(context.db, hashSecret(secret));
  if (!found || statusOf(found.invitation, context.clock.now()) !== 'open') throw invitationGone();
  return {
    inviter: presentCurator(found.inviter),
    expiresAt: found.invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts a link: the inviter and the caller become friends (already friends stays so) and the
 * link is used up. A used link is 409 (the caller's own earlier acceptance answers again), one's
 * own link 409, a caller who blocked the inviter 409 (unblock first); an inviter who blocked
 * the caller gets the neutral 404 of an unknown link, and the link stays open.
 */
export async function acceptInvitation(
  context: AppContext,
  userId: string,
  secret: string,
): Promise<{ friend: CuratorSummary; relation: Relation }> {
  const found = await invitationByHash(context.db, hashSecret(secret));
  const now = context.clock.now();
  if (!found) throw invitationGone();
  const { invitation, inviter } = found;
  const status = statusOf(invitation, now);
  if (status === 'accepted' && invitation.acceptedBy === userId)
    return { friend: presentCurator(inviter), relation: 'friend' };
  if (status === 'accepted') throw conflict('This invitation has been used already.');
  if (status !== 'open') throw invitationGone();
  if (inviter.id === userId)
    throw conflict('This is your own invitation: share it with the curator you invite.');
  await context.db.transaction(async (tx) => {
    await lockPair(tx, userId, inviter.id);
    if (await hasBlocked(tx, inviter.id, userId)) throw invitationGone();
    if (await hasBlocked(tx, userId, inviter.id))
      throw conflict('You blocked this curator; unblock them first.');
    if (!(await markAccepted(tx, invitation.id, userId, now)))
      throw conflict('This invitation has been used already.');
    if (!(await areFriends(tx, userId, inviter.id))) await befriend(tx, userId, inviter.id, now);
    // The inviter hears by mail (their friendRequests switch), with the acceptance.
    await notifyInvitationAccepted(context, tx, { inviterId: inviter.id, inviteeId: userId });
  });
  await pushChange(context, userId, inviter.id, 'accepted', 'friend');
  return { friend: presentCurator(inviter), relation: 'friend' };
}

/** Revokes one of the caller's invitations; another curator's is 404, a used one 409. */
export async function revokeInvitation(
  context: AppContext,
  userId: string,
  id: string,
): Promise<Invitation> {
  const now = context.clock.now();
  const row = await context.db.transaction(async (tx) => {
    const own = await ownInvitation(tx, userId, id);
    if (!own) throw notFound('No such invitation.');
    if (own.acceptedAt) throw conflict('This invitation has been used already.');
    return own.revokedAt ? own : markRevoked(tx, id, now);
  });
  return presentInvitation(context.db, row, now);
}

/** The caller's open invitations, newest first (keyset-paginated). */
export async function listOpenInvitations(
  context: AppContext,
  userId: string,
  input: { cursor?: string | undefined; limit: number },
): Promise<{ invitations: Invitation[]; nextCursor: string | null }> {
  const after = decodeCursor(input.cursor);
  const now = context.clock.now();
  const rows = await openInvitationsQuery(context.db, userId, now, after, input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    invitations: await Promise.all(page.map((row) => presentInvitation(context.db, row, now))),
    nextCursor:
      rows.length > input.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}
