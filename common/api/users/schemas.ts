import { z } from 'zod';
import { EMAIL_MAX } from '../auth/limits.js';
import { playlistHealthSchema } from '../playlistHealth.js';
import { musicTagIdSchema } from '../musicTags.js';
import { userSchema } from '../user.js';
import {
  FIT_SCORE_MAX,
  GROUP_NAME_MAX,
  LINK_TOKEN_MAX,
  NAME_QUERY_MAX,
  NETWORK_PAGE_MAX,
  NETWORK_PAGE_SIZE,
} from './limits.js';

const userId = z.uuid();
const cursor = z.string().min(1).max(500).optional();
const limit = z.number().int().min(1).max(NETWORK_PAGE_MAX).default(NETWORK_PAGE_SIZE);
const nameQuery = z.string().trim().max(NAME_QUERY_MAX).optional();
const linkToken = z.string().min(1).max(LINK_TOKEN_MAX);
const inviteeEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, 'E-mail address is too long')
  .pipe(z.email({ message: 'Enter a valid e-mail address' }))
  .transform((value) => value.toLowerCase());

/**
 * How the caller stands with another curator. `blocked`: the caller blocked them (shown on
 * their profile so it can be lifted); a curator who blocked the caller is never presented.
 */
export const relationSchema = z.enum([
  'self',
  'friend',
  'requestSent',
  'requestReceived',
  'blocked',
  'none',
]);
export type Relation = z.infer<typeof relationSchema>;

/**
 * A curator as lists show them. `pictureUrl`: /api/users/profile/picture/{id} for an uploaded
 * picture, else the last image of their images list, else ''.
 */
export const curatorSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  pictureUrl: z.string(),
});
export type CuratorSummary = z.infer<typeof curatorSummarySchema>;

/**
 * A curator's swap record: their placements of swapped songs that the daily placement check
 * looked at, and how many of those it always found in place. `honouredShare` is
 * honoured / checked (0..1), null with no checked placement.
 */
export const swapRecordSchema = z.object({
  swapsCompleted: z.number().int(),
  placementsChecked: z.number().int(),
  placementsHonoured: z.number().int(),
  honouredShare: z.number().min(0).max(1).nullable(),
});
export type SwapRecord = z.infer<typeof swapRecordSchema>;

/** A playlist a curator made visible, with its follower count (as last recorded). */
export const visiblePlaylistSchema = z.object({
  spotifyId: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  followers: z.number().int(),
  tracks: z.number().int(),
  /** Its health label (docs/playlist-health.md). Always sent by the server. */
  health: playlistHealthSchema.optional(),
});
export type VisiblePlaylist = z.infer<typeof visiblePlaylistSchema>;

/** Why a partner fits the caller, and the score Discovery ranks by (0..FIT_SCORE_MAX). */
export const fitSchema = z.object({
  score: z.number().min(0).max(FIT_SCORE_MAX),
  /** Artists both in the caller's catalogue and in the partner's visible playlists. */
  sharedArtists: z.number().int(),
  /** Some of them, most frequent first (at most SHARED_ARTISTS_SHOWN). */
  sharedArtistNames: z.array(z.string()),
  /**
   * Genres and moods (tag ids, docs/genres.md) both on the caller's songs or playlists and on
   * the partner's visible playlists: the genres matched.
   */
  sharedTags: z.array(z.string()),
  /** Followers of the partner's visible playlists, summed. */
  followers: z.number().int(),
  honouredShare: z.number().min(0).max(1).nullable(),
  placementsChecked: z.number().int(),
});
export type Fit = z.infer<typeof fitSchema>;

/** The network's potentialPartners (id, friendRequestSent, friendRequestReceived), with their fit. */
export const potentialPartnerSchema = curatorSummarySchema.extend({
  description: z.string(),
  network: z.string(),
  friendRequestSent: z.boolean(),
  friendRequestReceived: z.boolean(),
  visiblePlaylists: z.number().int(),
  /**
   * Their visible playlists' names and health labels, most followed first (hidden ones
   * never). Always sent by the server.
   */
  playlists: z
    .array(z.object({ spotifyId: z.string(), name: z.string(), health: playlistHealthSchema }))
    .optional(),
  fit: fitSchema,
});
export type PotentialPartner = z.infer<typeof potentialPartnerSchema>;

/** Another curator's profile: nothing private (no e-mail, no hidden playlists, no plan). */
export const publicProfileSchema = curatorSummarySchema.extend({
  description: z.string(),
  network: z.string(),
  relation: relationSchema,
  friendsCount: z.number().int(),
  playlists: z.array(visiblePlaylistSchema),
  swapRecord: swapRecordSchema,
  /** The fit as Discovery computes it for the caller; null on one's own profile. */
  fit: fitSchema.nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** The caller's own profile (spec: Users state profile, with network), as others see it plus counts. */
export const ownProfileSchema = publicProfileSchema.extend({
  friendRequestsReceived: z.number().int(),
  friendRequestsSent: z.number().int(),
  groupsCount: z.number().int(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** A friend in My Network. */
export const friendSchema = curatorSummarySchema.extend({
  description: z.string(),
  network: z.string(),
  friendsSince: z.string(),
  /** The caller's groups this friend is in. */
  groupIds: z.array(z.string()),
});
export type Friend = z.infer<typeof friendSchema>;

/** A pending friend request, seen from the caller's side. */
export const friendRequestSchema = z.object({
  user: curatorSummarySchema,
  direction: z.enum(['received', 'sent']),
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/** The network's groups (id, members with id and friendId). */
export const groupMemberSchema = curatorSummarySchema.extend({
  /** The membership's id. */
  id: z.string(),
  friendId: z.string(),
});
export const friendGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  members: z.array(groupMemberSchema),
});
export type FriendGroup = z.infer<typeof friendGroupSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['open', 'accepted', 'expired', 'revoked']),
  acceptedBy: curatorSummarySchema.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What a relation change answers: the other curator and where the caller now stands. */
const relationChange = z.object({ userId: z.string(), relation: relationSchema });

const groupName = z
  .string()
  .trim()
  .min(1, 'Name the group')
  .max(GROUP_NAME_MAX, `A group name can be at most ${GROUP_NAME_MAX} characters`);

export const profile = {
  input: z.object({}).strict(),
  output: z.object({ profile: ownProfileSchema }),
};

export const me = {
  input: z.object({}).strict(),
  output: z.object({ user: userSchema }),
};

export const inviteCreate = {
  input: z.object({ email: inviteeEmail.optional() }).strict(),
  output: z.object({
    invitation: invitationSchema,
    /** The link to share: /onboarding/invite/{invitation}. Only this answer carries the secret. */
    url: z.string(),
  }),
};

export const inviteInfo = {
  input: z.object({ invitation: linkToken }).strict(),
  output: z.object({ inviter: curatorSummarySchema, expiresAt: z.string() }),
};

export const inviteAccept = {
  input: z.object({ invitation: linkToken }).strict(),
  output: z.object({ friend: curatorSummarySchema, relation: relationSchema }),
};

export const inviteRevoke = {
  input: z.object({ id: z.uuid() }).strict(),
  output: z.object({ invitation: invitationSchema }),
};

export const invites = {
  input: z.object({ cursor, limit }).strict(),
  output: z.object({ invitations: z.array(invitationSchema), nextCursor: z.string().nullable() }),
};

export const friendRequestSend = {
  input: z.object({ userId }).strict(),
  output: relationChange,
};

export const friendRequestCancel = {
  input: z.object({ userId }).strict(),
  output: relationChange,
};

export const friendAcceptReject = {
  input: z.object({ userId, accept: z.boolean() }).strict(),
  output: relationChange,
};

export const friendRemove = {
  input: z.object({ userId }).strict(),
  output: relationChange,
};

export const publicProfile = {
  input: z.object({ userId }).strict(),
  output: z.object({ profile: publicProfileSchema }),
};

export const networkFriends = {
  input: z.object({ query: nameQuery, groupId: z.uuid().optional(), cursor, limit }).strict(),
  output: z.object({ friends: z.array(friendSchema), nextCursor: z.string().nullable() }),
};

export const networkRequests = {
  input: z.object({ direction: z.enum(['received', 'sent']), cursor, limit }).strict(),
  output: z.object({
    requests: z.array(friendRequestSchema),
    nextCursor: z.string().nullable(),
    /** Pending requests the caller received: the Discovery badge. */
    requestsReceived: z.number().int(),
  }),
};

export const potentialPartners = {
  input: z
    .object({
      query: nameQuery,
      /** Only partners whose fit score is at least this. */
      minFit: z.number().min(0).max(FIT_SCORE_MAX).optional(),
      /** Only partners whose visible playlists have at least this many followers together. */
      minFollowers: z.number().int().min(0).optional(),
      /** Only partners with a swap record honoured at least this share (0..1). */
      minHonouredShare: z.number().min(0).max(1).optional(),
      /** Hide partners with a visible playlist labelled Suspicious or Likely bought. */
      hideBought: z.boolean().optional(),
      /** Only partners with a visible playlist tagged with this genre or mood (docs/genres.md). */
      genre: musicTagIdSchema.optional(),
      cursor,
      limit,
    })
    .strict(),
  output: z.object({
    partners: z.array(potentialPartnerSchema),
    nextCursor: z.string().nullable(),
    /** Pending requests the caller received (the Discovery badge), whatever the filters. */
    requestsReceived: z.number().int(),
  }),
};

export const announcement = {
  input: z.object({}).strict(),
  output: z.object({
    /** false when there is no announcement for the caller (none current, or dismissed). */
    success: z.boolean(),
    announcement: z.object({ id: z.string(), text: z.string() }).nullable(),
  }),
};

export const announcementDismiss = {
  input: z.object({ id: z.uuid() }).strict(),
  output: z.object({ success: z.literal(true), id: z.string() }),
};

export const friendGroups = {
  input: z.object({}).strict(),
  output: z.object({ groups: z.array(friendGroupSchema) }),
};

export const friendGroupCreate = {
  input: z.object({ name: groupName }).strict(),
  output: z.object({ group: friendGroupSchema }),
};

export const friendGroupUpdate = {
  input: z.object({ groupId: z.uuid(), name: groupName }).strict(),
  output: z.object({ group: friendGroupSchema }),
};

export const friendGroupDelete = {
  input: z.object({ groupId: z.uuid() }).strict(),
  output: z.object({ success: z.literal(true), groupId: z.string() }),
};

export const friendGroupAdd = {
  input: z.object({ groupId: z.uuid(), friendId: userId }).strict(),
  output: z.object({ group: friendGroupSchema }),
};

export const friendGroupRemove = {
  input: z.object({ groupId: z.uuid(), friendId: userId }).strict(),
  output: z.object({ group: friendGroupSchema }),
};

export const block = {
  input: z.object({ userId }).strict(),
  output: relationChange,
};

export const unblock = {
  input: z.object({ userId }).strict(),
  output: relationChange,
};

export const blocked = {
  input: z.object({ cursor, limit }).strict(),
  output: z.object({
    blocked: z.array(curatorSummarySchema.extend({ blockedAt: z.string() })),
    nextCursor: z.string().nullable(),
  }),
};
