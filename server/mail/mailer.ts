import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
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
  /** Mail waiting for delivery and mail given up (for /readyz); null without SMTP. */
  backlog(): Promise<{ waiting: number; failed: number } | null>;
  close(): void;
}

const BATCH = 20;
/** Failures are retried for two days (an SMTP outage of a day loses nothing), then given up. */
export const GIVE_UP_AFTER_MS = 48 * 60 * 60 * 1000;

/** The wait after the nth failed attempt: 30 s doubling, at most 2 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.min(attempts - 1, 20), 2 * 60 * 60 * 1000);
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
}): Mailer {
  const transport: Transporter | undefined =
    options.transport ??
    (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let delivering: Promise<number> | undefined;

  async function deliverBatch(): Promise<number> {
    if (!transport) return 0;
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
      for (const row of rows) {
        try {
          await transport.sendMail({
            from: options.from,
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
            .set({
              sentAt: now(),
              attempts: row.attempts + 1,
              text: '',
              html: '',
              unsubscribeUrl: null,
            })
            .where(eq(mailOutbox.id, row.id));
        } catch (error) {
          const attempts = row.attempts + 1;
          const at = now();
          const lastError = String((error as Error).message).slice(0, 500);
          if (at.getTime() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS) {
            options.log.error(
              { err: error, mailId: row.id, attempts },
              'mail delivery given up after 48 h of failures',
            );
            await tx
              .update(mailOutbox)
              .set({ attempts, lastError, failedAt: at, text: '', html: '' })
              .where(eq(mailOutbox.id, row.id));
          } else {
            const nextAttemptAt = new Date(at.getTime() + retryDelayMs(attempts));
            options.log.warn(
              { err: error, mailId: row.id, attempts, nextAttemptAt },
              'mail delivery failed; will retry',
            );
            await tx
              .update(mailOutbox)
              .set({ attempts, lastError, nextAttemptAt })
              .where(eq(mailOutbox.id, row.id));
          }
        }
      }
      return rows.length;
    });
  }

  function deliverPending(): Promise<number> {
    delivering ??= deliverBatch().finally(() => {
      delivering = undefined;
    });
    return delivering;
  }

  if (transport) {
    timer = setInterval(
      () =>
        void deliverPending().catch((error) => options.log.error({ err: error }, 'mail delivery')),
      15_000,
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
      if (transport)
        setImmediate(
          () =>
            void deliverPending().catch((error) =>
              options.log.error({ err: error }, 'mail delivery'),
            ),
        );
    },
    deliverPending,
    async backlog() {
      if (!transport) return null;
      // One pass over the unsent rows: waiting ones and those given up.
      const [counts] = await options.db
        .select({
          waiting: sql<number>`count(*) filter (where ${isNull(mailOutbox.failedAt)})::int`,
          failed: sql<number>`count(*) filter (where ${isNotNull(mailOutbox.failedAt)})::int`,
        })
        .from(mailOutbox)
        .where(isNull(mailOutbox.sentAt));
      return { waiting: counts?.waiting ?? 0, failed: counts?.failed ?? 0 };
    },
    close() {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}
