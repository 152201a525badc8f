import { z } from 'zod';

export const planSchema = z.enum(['trial', 'free', 'starter', 'advanced', 'pro', 'enterprise']);

/** The curator's e-mail notification choices. */
export const notificationsSchema = z.object({
  swaps: z.boolean(),
  messages: z.boolean(),
  friendRequests: z.boolean(),
});
export type Notifications = z.infer<typeof notificationsSchema>;

export const DEFAULT_NOTIFICATIONS: Notifications = {
  swaps: true,
  messages: true,
  friendRequests: true,
};

export const profileSchema = z.object({
  description: z.string(),
  network: z.string(),
  notifications: notificationsSchema,
});

export const streamingAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  regrant: z.boolean(),
});

/** The signed-in user as the client sees it (spec section 3, User). */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  accounts: z.array(streamingAccountSchema),
  userProfilePicture: z.string().nullable(),
  images: z.array(z.string()),
  customer: z.object({ plan: planSchema }),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;

export const trialMetaSchema = z.object({ daysLeft: z.number().int(), expired: z.boolean() });

export const metaSchema = z.object({ trial: trialMetaSchema });
export type Meta = z.infer<typeof metaSchema>;

/** GET /api/: who is signed in, if anyone. */
export const startupSchema = z.object({
  user: userSchema.nullable(),
  meta: metaSchema.nullable(),
});
export type Startup = z.infer<typeof startupSchema>;
