import type { AppContext } from '../../appContext.js';
import { errorReports } from '../../db/schema.js';
import type { ClientInfo } from '../../identity/index.js';

export interface ClientErrorReport {
  error: { name: string; message: string; stack?: string | undefined };
  location: string;
}

/** A client render crash: kept for support and logged, with the user when one is signed in. */
export async function recordClientError(
  context: AppContext,
  userId: string | null,
  report: ClientErrorReport,
  client: ClientInfo,
): Promise<void> {
  await context.db.insert(errorReports).values({
    userId,
    message: report.error.message,
    name: report.error.name,
    stack: report.error.stack ?? null,
    location: report.location,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    createdAt: context.clock.now(),
  });
  context.log.warn(
    {
      clientError: { name: report.error.name, message: report.error.message },
      location: report.location,
      userId: userId ?? undefined,
    },
    'client crash reported',
  );
}
