import type { Db } from '../../db/client.js';
import { songIdsInOpenSwaps } from '../trades/data.js';

/**
 * The songs among `songIds` that an open song swap (pending, scheduled or accepted) uses;
 * removing such a song from the catalogue is refused. Songs of completed swaps may go (their
 * place in the swap's record goes with them).
 */
export function songsInOpenSwaps(db: Db, songIds: readonly string[]): Promise<string[]> {
  return songIdsInOpenSwaps(db, songIds);
}
