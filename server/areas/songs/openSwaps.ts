import type { Db } from '../../db/client.js';

/**
 * The songs among `songIds` that an open song swap (pending, scheduled or accepted) uses;
 * removing such a song from the catalogue is refused.
 *
 * Stand-in until swaps exist: issue 6 (song swaps) fills this with a query over its swap
 * songs. Until then no swap can use a song, so the answer is always empty.
 */
export async function songsInOpenSwaps(_db: Db, _songIds: readonly string[]): Promise<string[]> {
  return [];
}
