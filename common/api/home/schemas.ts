import { z } from 'zod';
import { planSchema } from '../user.js';
import { SCHEDULE_CURSOR_MAX, SCHEDULE_PAGE_DEFAULT, SCHEDULE_PAGE_MAX } from './limits.js';

/** One thing of "Coming up": a swap's start or end, a track's scheduled removal, a release. */
export const comingUpSchema = z.object({
  kind: z.enum(['swapStart', 'swapEnd', 'removal', 'release']),
  /** The day (yyyy-MM-dd, UTC). */
  day: z.string(),
  /** What it is: the partner's name for a swap, the song for a removal or a release. */
  title: z.string(),
  /** Where: the playlist of a removal; null otherwise. */
  detail: z.string().nullable(),
  /** The screen it is done on (a path of this app). */
  link: z.string(),
});
export type ComingUp = z.infer<typeof comingUpSchema>;

/** One managed playlist's followers now, their change over 30 days and the days behind it. */
export const deskPlaylistSchema = z.object({
  id: z.string(),
  spotifyId: z.string(),
  name: z.string(),
  followers: z.number().int().nullable(),
  /** Followers now minus 30 days ago (or the oldest day known); null without history. */
  change: z.number().int().nullable(),
  /** Followers by day, oldest first, for the small chart. */
  series: z.array(z.object({ day: z.string(), followers: z.number().int() })),
});
export type DeskPlaylist = z.infer<typeof deskPlaylistSchema>;

/** What needs the curator, counted. */
export const deskTodoSchema = z.object({
  /** Partners' songs in open swaps the curator has still to approve or reject. */
  songsToApprove: z.number().int(),
  /** Pending swaps the curator has not accepted yet. */
  swapsToAccept: z.number().int(),
  /** Approved partners' songs in running swaps not placed in a playlist yet. */
  songsToPlace: z.number().int(),
  /** Conversations with messages the curator has not read. */
  unreadConversations: z.number().int(),
  /** Friend requests waiting for an answer. */
  friendRequests: z.number().int(),
  /** Invitations of the curator's accepted in the last 14 days (new friends to greet). */
  invitationsAccepted: z.number().int(),
  /** The curator's songs that left a partner's playlist before the swap ended. */
  removedEarly: z.number().int(),
});
export type DeskTodo = z.infer<typeof deskTodoSchema>;

export const desk = {
  input: z.object({}).strict(),
  output: z.object({
    todo: deskTodoSchema,
    plan: z.object({
      plan: planSchema,
      /** When the trial ends (ISO time), for a curator on the trial; null otherwise. */
      trialEndsAt: z.string().nullable(),
    }),
    comingUp: z.array(comingUpSchema),
    playlists: z.array(deskPlaylistSchema),
  }),
};

/** What a schedule entry is; within a day they come in this (alphabetical) order. */
export const SCHEDULE_KINDS = ['removal', 'swapEnd', 'swapStart'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** One entry of the schedule: a swap period's start or end, or a track's scheduled removal. */
export const scheduleEntrySchema = z.object({
  kind: z.enum(SCHEDULE_KINDS),
  /** The swap's id, or the removal date's. */
  id: z.string(),
  /** The day (yyyy-MM-dd, UTC). */
  day: z.string(),
  /** The partner's name for a swap; the track for a removal. */
  title: z.string(),
  /** The playlist of a removal; null for a swap. */
  detail: z.string().nullable(),
  /** The swap (/songswap/{id}) or the playlist (a path of this app). */
  link: z.string(),
});
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>;

const filterChoiceSchema = z.object({ id: z.string(), name: z.string() });

export const schedule = {
  input: z
    .object({
      cursor: z.string().min(1).max(SCHEDULE_CURSOR_MAX).optional(),
      limit: z.number().int().min(1).max(SCHEDULE_PAGE_MAX).default(SCHEDULE_PAGE_DEFAULT),
      /** Only this managed playlist's removals and the swaps placed in it (the caller's own). */
      playlistId: z.uuid().optional(),
      /** Only the swaps with this partner. */
      partnerId: z.uuid().optional(),
    })
    .strict(),
  output: z.object({
    entries: z.array(scheduleEntrySchema),
    nextCursor: z.string().nullable(),
    /** What the filters offer: the caller's managed playlists and partners of scheduled and running swaps. */
    filters: z.object({
      playlists: z.array(filterChoiceSchema),
      partners: z.array(filterChoiceSchema),
    }),
  }),
};

const feedSchema = z.object({
  /** When the current URL was made (ISO time). */
  createdAt: z.string(),
  /** When a calendar last read it (ISO time); null until then. */
  lastReadAt: z.string().nullable(),
});

export const scheduleFeed = {
  input: z.object({}).strict(),
  /** Whether the caller has a feed URL; the URL itself is shown only when made. */
  output: z.object({ feed: feedSchema.nullable() }),
};

export const scheduleFeedCreate = {
  input: z.object({}).strict(),
  /** The new secret URL (any earlier one stops working). */
  output: z.object({ url: z.string(), feed: feedSchema }),
};

export const scheduleFeedRevoke = {
  input: z.object({}).strict(),
  output: z.object({ success: z.literal(true) }),
};
