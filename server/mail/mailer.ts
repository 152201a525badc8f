import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { afterCommit } from '../db/afterCommit.js';
import { mailOutbox } from '../db/schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The user the mail concerns; their mails are deleted with their account. */
  userId?: string;
  /**
   * A notification's one-click unsubscribe link: sent as List-Unsubscribe with
   * List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058).
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /** Writes the mail to the outbox within the caller's transaction; delivery follows commit. */
  enqueue(db: Db, message: MailMessage): Promise<void>;
  /** Sends unsent outbox rows over SMTP (no-op without SMTP: the outbox is the mailbox). */
  deliverPending(): Promise<number>;
  /**
   * For /readyz; null without SMTP. waiting: not sent yet (retrying ones included);
   * retrying: waiting after at least one failed attempt; failed: given up.
   */
  backlog(): Promise<MailBacklog | null>;
  close(): void;
}

export interface MailBacklog {
  waiting: number;
  retrying: number;
  failed: number;
}

const BATCH = 20;
/** Failures are retried for two days (an SMTP outage of a day loses nothing), then given up. */
export const GIVE_UP_AFTER_MS = 48 * 60 * 60 * 1000;
/** The wait after the first failed attempt (MAIL_RETRY_BASE_MS; tests shorten it). */
export const RETRY_BASE_MS = 30_000;
/** The longest wait between two attempts, in first waits: 240 × 30 s = 2 h. */
const MAX_RETRY_FACTOR = 240;
/** How often due mail is looked for, at most (a mail is also tried as soon as it is queued). */
const POLL_MS = 15_000;

/**
 * SMTP timeouts: an SMTP server that accepts the connection and then says nothing (or a
 * network that drops packets) fails an attempt within seconds instead of nodemailer's defaults
 * (2 min to connect, 10 min of silence), which would hold the outbox rows' locks and stop
 * every other delivery meanwhile.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** At most this many batches in a row; the next poll goes on (others get the pool between). */
const MAX_BATCHES_PER_ROUND = 50;

/**
 * A failure that says the SMTP server cannot be talked to at all (refused, timed out, cut,
 * unknown host, 421 "service not available", or our login refused), as opposed to one mail
 * refused (a 5xx to its recipient), after which the next mail may well go through.
 */
export function smtpUnreachable(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return !responseCode || responseCode === 421 || code === 'EAUTH';
}

/** The wait after the nth failed attempt: the base (30 s) doubling, at most 240 bases (2 h). */
export function retryDelayMs(attempts: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.min(attempts - 1, 20), baseMs * MAX_RETRY_FACTOR);
}

/**
 * Transactional outbox: mail is recorded with the change that caused it, so a rolled-back
 * sign-up sends nothing and a failing SMTP server loses nothing. Several instances deliver
 * without sending twice (rows are claimed with SKIP LOCKED).
 */
export function createMailer(options: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  /** A transport of the caller's (tests); otherwise SMTP from smtpUrl. */
  transport?: Transporter;
  now?: () => Date;
  /** The wait after the first failure (default 30 s); the poll runs at least twice as often. */
  retryBaseMs?: number;
}): Mailer {
  const transport: Transporter | undefined =
    options.transport ??
    (options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
      : undefined);
  const now = options.now ?? (() => new Date());
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const messageIdDomain = /@([^\s>]+)/.exec(options.from)?.[1] ?? 'curator.local';
  let timer: NodeJS.Timeout | undefined;
  let delivering: Promise<number> | undefined;

  type OutboxRow = typeof mailOutbox.$inferSelect;

  /** A failed attempt: the row waits out its backoff, or is given up after 48 h. */
  async function recordFailure(tx: Db, row: OutboxRow, error: unknown, lastError: string) {
    const attempts = row.attempts + 1;
    const at = now();
    if (at.getTime() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS) {
      options.log.error(
        { err: error, mailId: row.id, attempts },
        'mail delivery given up after 48 h of failures',
      );
      await tx
        .update(mailOutbox)
        .set({ attempts, lastError, failedAt: at, text: '', html: '' })
        .where(eq(mailOutbox.id, row.id));
      return;
    }
    const nextAttemptAt = new Date(at.getTime() + retryDelayMs(attempts, retryBaseMs));
    options.log.warn(
      { err: error, mailId: row.id, attempts, nextAttemptAt },
      'mail delivery failed; will retry',
    );
    await tx
      .update(mailOutbox)
      .set({ attempts, lastError, nextAttemptAt })
      .where(eq(mailOutbox.id, row.id));
  }

  async function send(tx: Db, row: OutboxRow) {
    await transport!.sendMail({
      from: options.from,
      // One Message-ID per outbox row: should a mail be sent again after an ambiguous failure
      // (the server took it but the answer was lost), it is the same message.
      messageId: `<${row.id}@${messageIdDomain}>`,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
      ...(row.unsubscribeUrl
        ? {
            list: { unsubscribe: row.unsubscribeUrl },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    });
    // Sent: the body (which may hold a reset or verification link) is not kept.
    await tx
      .update(mailOutbox)
      .set({ sentAt: now(), attempts: row.attempts + 1, text: '', html: '', unsubscribeUrl: null })
      .where(eq(mailOutbox.id, row.id));
  }

  /**
   * Sends one batch of due rows (claimed with SKIP LOCKED, so instances never send a row
   * twice): how many it claimed and whether the SMTP server could be reached.
   */
  async function deliverBatch(): Promise<{ claimed: number; reachable: boolean }> {
    if (!transport) return { claimed: 0, reachable: true };
    return options.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            isNull(mailOutbox.failedAt),
            lte(mailOutbox.nextAttemptAt, now()),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const [index, row] of rows.entries()) {
        try {
          await send(tx, row);
        } catch (error) {
          const lastError = String((error as Error).message).slice(0, 500);
          await recordFailure(tx, row, error, lastError);
          if (!smtpUnreachable(error)) continue;
          // The server cannot be reached: the rest of the batch would fail alike, each after
          // its own timeout, with the rows locked meanwhile. It counts as their failed attempt
          // too, and they back off with this one.
          for (const rest of rows.slice(index + 1))
            await recordFailure(tx, rest, error, `not tried, SMTP unreachable: ${lastError}`);
          return { claimed: rows.length, reachable: false };
        }
      }
      return { claimed: rows.length, reachable: true };
    });
  }

  /** Sends due rows, batch after batch while batches come full (a backlog after an outage). */
  async function deliverDue(): Promise<number> {
    let total = 0;
    for (let round = 0; round < MAX_BATCHES_PER_ROUND; round++) {
      const { claimed, reachable } = await deliverBatch();
      total += claimed;
      if (!reachable || claimed < BATCH) break;
    }
    return total;
  }

  function deliverPending(): Promise<number> {
    delivering ??= deliverDue().finally(() => {
      delivering = undefined;
    });
    return delivering;
  }

  if (transport) {
    timer = setInterval(
      () =>
        void deliverPending().catch((error) => options.log.error({ err: error }, 'mail delivery')),
      Math.min(POLL_MS, Math.max(retryBaseMs / 2, 10)),
    );
    timer.unref();
  }

  return {
    async enqueue(db, message) {
      await db.insert(mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        userId: message.userId ?? null,
        unsubscribeUrl: message.unsubscribeUrl ?? null,
        nextAttemptAt: now(),
      });
      // Tried once the row is visible: after the commit when queued in a transaction.
      if (transport)
        afterCommit(
          db,
          () =>
            void deliverPending().catch((error) =>
              options.log.error({ err: error }, 'mail delivery'),
            ),
        );
    },
    deliverPending,
    async backlog() {
      if (!transport) return null;
      // Each count reads only its partial index's rows (mail_outbox_due_idx for the waiting
      // ones, mail_outbox_failed_idx for those given up), never the mail already sent.
      const waiting = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));
      const [counts] = await options.db
        .select({
          waiting: sql<number>`(select count(*)::int from ${mailOutbox} where ${waiting})`,
          retrying: sql<number>`(select count(*)::int from ${mailOutbox} where ${waiting} and ${mailOutbox.attempts} > 0)`,
          failed: sql<number>`(select count(*)::int from ${mailOutbox} where ${isNotNull(mailOutbox.failedAt)} and ${isNull(mailOutbox.sentAt)})`,
        })
        .from(sql`(select 1) as one`);
      return {
        waiting: counts?.waiting ?? 0,
        retrying: counts?.retrying ?? 0,
        failed: counts?.failed ?? 0,
      };
    },
    close() {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}
