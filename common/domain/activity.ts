/** The kinds of entry in a curator's activity log (profile, Activity). */
export const ACTIVITY_TYPES = [
  'login',
  'logout',
  'password change',
  'email change',
  'remove friend',
] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];
