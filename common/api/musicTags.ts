/**
 * The tags a playlist or song carries on the wire: ids from the one vocabulary
 * (common/domain/genres.ts, docs/genres.md), each once, at most TAGS_PER_ITEM_MAX.
 */
import { z } from 'zod';
import { MUSIC_TAG_IDS, TAGS_PER_ITEM_MAX, type MusicTagId } from '../domain/genres.js';

export const musicTagIdSchema = z.enum(MUSIC_TAG_IDS as readonly [MusicTagId, ...MusicTagId[]], {
  error: 'Pick a genre or mood from the list',
});

/** A whole set of tags (it replaces the item's tags): no repeats, at most a handful. */
export const musicTagsSchema = z
  .array(musicTagIdSchema)
  .max(TAGS_PER_ITEM_MAX, `At most ${TAGS_PER_ITEM_MAX} genres and moods`)
  .refine((tags) => new Set(tags).size === tags.length, 'Each genre or mood once');
