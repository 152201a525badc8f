import { z } from 'zod';
import { subscriptionStatusSchema } from './billing/schemas.js';
import { PLAN_NAMES } from '../domain/plans.js';

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
  /** Whether friends and conversation partners see when the user is online (default true). */
  showOnlineStatus: z.boolean(),
});

/**
 * A linked Spotify account (spec: id, email, regrant). Spotify no longer gives apps the
 * account's e-mail address, so `email` carries the account's display label (display name,
 * else Spotify user id); `regrant` is true when the account must be authorised again.
 */
export const streamingAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  regrant: z.boolean(),
  spotifyUserId: z.string(),
  displayName: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type StreamingAccount = z.infer<typeof streamingAccountSchema>;

/** The signed-in user as the client sees it. */
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

/**
 * The user's subscription as the webhooks last recorded it, for the shell's banners:
 * past_due (a payment failed; the plan stays through Stripe's retries) and a cancellation at
 * period end. null: never subscribed.
 */
export const billingMetaSchema = z
  .object({
    plan: z.enum(PLAN_NAMES),
    status: subscriptionStatusSchema,
    cancelAtPeriodEnd: z.boolean(),
    currentPeriodEnd: z.string(),
  })
  .nullable();
export type BillingMeta = z.infer<typeof billingMetaSchema>;

export const metaSchema = z.object({
  trial: trialMetaSchema,
  billing: billingMetaSchema,
});
export type Meta = z.infer<typeof metaSchema>;

/** GET /api/: who is signed in, if anyone. */
export const startupSchema = z.object({
  user: userSchema.nullable(),
  meta: metaSchema.nullable(),
});
export type Startup = z.infer<typeof startupSchema>;
