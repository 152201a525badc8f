import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

export const songsActions = actionTable<typeof schemas>()('songs', {
  /** The caller’s catalogue, newest release first, 50 songs a page; with the plan’s limit. */
  catalog: { action: 'catalog', access: 'user' },
  /** Another curator’s catalogue for swaps: only potential partners (a visible managed playlist). */
  traderCatalog: { action: 'trader/catalog', access: 'user' },
  /** Add a Spotify track by link, URI or id (plan limit on catalogue tracks; once per curator). */
  addToCatalog: { action: 'addtocatalog', access: 'user' },
  /** Add an upcoming release: title, artists, a release date after today, optional artwork and Spotify id. */
  upcomingRelease: { action: 'upcoming-release', access: 'user' },
  /** One song of the caller’s catalogue. */
  getSong: { action: 'get/song', access: 'user' },
  /** Mark or unmark a song as a favourite. */
  favourite: { action: 'favourite', access: 'user' },
  /** Tag a catalogue song with genres and moods from the vocabulary (at most 5). */
  tags: { action: 'tags', access: 'user' },
  /** Set a song’s availability by hand (available, not available), or pending to have it checked again. */
  updateStatus: { action: 'catalog/update-status', access: 'user' },
  /** Remove a song from the catalogue (refused while an open song swap uses it). */
  removeFromCatalog: { action: 'remove-from-catalog', access: 'user' },
  /** Daily popularity scores of a song, where the provider gives them (Spotify no longer does). */
  popularityScoreHistory: { action: 'popularity/score/history', access: 'user' },
});
