import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();

/**
 * Runs work once the current request has answered (it starts on a later turn of the event
 * loop), so the answer's timing cannot tell what the work found. Failures are logged. Used
 * where the answer must not reveal whether an account exists (forgot-password).
 */
export function runAfterAnswer(
  log: FastifyBaseLogger,
  what: string,
  work: () => Promise<void>,
): void {
  const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Waits for the work started by runAfterAnswer (shutdown, and tests reading its effects). */
export async function settleAfterAnswerWork(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
