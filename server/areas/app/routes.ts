import type { appActions } from '../../../common/api/app.js';
import { errorReports } from '../../db/schema.js';
import type { AreaHandlers } from '../../http/actionHandler.js';

export const appHandlers: AreaHandlers<typeof appActions> = {
  /** A client render crash: kept for support and logged, with the user when one is signed in. */
  'app/log/error': async ({ input, user, client }, context) => {
    await context.db.insert(errorReports).values({
      userId: user?.id ?? null,
      message: input.error.message,
      name: input.error.name,
      stack: input.error.stack ?? null,
      location: input.location,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      createdAt: context.clock.now(),
    });
    context.log.warn(
      {
        clientError: { name: input.error.name, message: input.error.message },
        location: input.location,
        userId: user?.id,
      },
      'client crash reported',
    );
    return { success: true };
  },
};
