/** The invitations table's queries (docs/network.md, Invitations). */
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Invitation } from '../../../common/api/users/schemas.js';
import type { Db } from '../../db/client.js';
import { invitations, users } from '../../db/schema.js';
import type { TimeCursor } from '../../lib/timeCursor.js';
import { presentCurator } from '../network/index.js';

export type InvitationRow = typeof invitations.$inferSelect;

/** Still usable at `now`: neither accepted nor revoked, not expired. */
const openAt = (now: Date) =>
  and(
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, now),
  );

export async function insertInvitation(
  db: Db,
  values: {
    inviterId: string;
    tokenHash: string;
    email: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(invitations)
    .values({
      inviterId: values.inviterId,
      tokenHash: values.tokenHash,
      email: values.email,
      createdAt: values.now,
      expiresAt: values.expiresAt,
    })
    .returning();
  return row!;
}

/** Invitations the curator created since `since` (the daily cap). */
export async function createdSince(db: Db, inviterId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.inviterId, inviterId), gt(invitations.createdAt, since)));
  return row?.n ?? 0;
}

/** The invitation a secret's hash names, in any state, with its inviter. */
export async function invitationByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      inviter: { id: users.id, name: users.name, pictureId: users.pictureId },
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.inviterId))
    .where(eq(invitations.tokenHash, tokenHash));
  return row ?? null;
}

/** Uses the link up if it is still open at `now`; null when someone else got there first. */
export async function markAccepted(
  db: Db,
  id: string,
  acceptedBy: string,
  now: Date,
): Promise<InvitationRow | null> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy })
    .where(and(eq(invitations.id, id), openAt(now)))
    .returning();
  return row ?? null;
}

/** The inviter's own invitation by id, held for the transaction; another curator's is null. */
export async function ownInvitation(
  db: Db,
  inviterId: string,
  id: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.inviterId, inviterId)))
    .for('update');
  return row ?? null;
}

export async function markRevoked(db: Db, id: string, now: Date): Promise<InvitationRow> {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(eq(invitations.id, id))
    .returning();
  return row!;
}

/**
 * The inviter's open invitations, newest first, after the cursor: one range of the partial
 * index invitations_inviter_open_idx (expired ones sit at its old end and are filtered out).
 */
export function openInvitationsQuery(
  db: Db,
  inviterId: string,
  now: Date,
  after: TimeCursor | null,
  limit: number,
) {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.inviterId, inviterId),
        openAt(now),
        after
          ? sql`(${invitations.createdAt}, ${invitations.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit);
}

export function statusOf(row: InvitationRow, now: Date): Invitation['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

/** The invitation as its inviter sees it (never the secret, which only create answers). */
export async function presentInvitation(
  db: Db,
  row: InvitationRow,
  now: Date,
): Promise<Invitation> {
  let acceptedBy: Invitation['acceptedBy'] = null;
  if (row.acceptedBy) {
    const [friend] = await db
      .select({ id: users.id, name: users.name, pictureId: users.pictureId })
      .from(users)
      .where(eq(users.id, row.acceptedBy));
    if (friend) acceptedBy = presentCurator(friend);
  }
  return {
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: statusOf(row, now),
    acceptedBy,
  };
}
