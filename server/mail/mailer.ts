import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
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
}

export interface Mailer {
  /** Writes the mail to the outbox within the caller's transaction; delivery follows commit. */
  enqueue(db: Db, message: MailMessage): Promise<void>;
  /** Sends unsent outbox rows over SMTP (no-op without SMTP: the outbox is the mailbox). */
  deliverPending(): Promise<number>;
  close(): void;
}

const MAX_ATTEMPTS = 8;
const BATCH = 20;

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
}): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let delivering: Promise<number> | undefined;

  async function deliverBatch(): Promise<number> {
    if (!transport) return 0;
    return options.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(mailOutbox.createdAt))
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
          });
          await tx
            .update(mailOutbox)
            .set({ sentAt: new Date(), attempts: row.attempts + 1 })
            .where(eq(mailOutbox.id, row.id));
        } catch (error) {
          options.log.warn({ err: error, mailId: row.id }, 'mail delivery failed; will retry');
          await tx
            .update(mailOutbox)
            .set({
              attempts: sql`${mailOutbox.attempts} + 1`,
              lastError: String((error as Error).message).slice(0, 500),
            })
            .where(eq(mailOutbox.id, row.id));
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
    close() {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}
