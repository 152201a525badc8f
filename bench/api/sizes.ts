/** How much bench/api seeds: `--size=full` (the full dataset) or `--size=small` (a quick run). */
export interface BenchSizes {
  name: 'full' | 'small';
  /** Ordinary curators (at least one per conversation of the heavy curator). */
  curators: number;
  /** The heavy curator's lists. */
  songs: number;
  swaps: number;
  conversations: number;
  messages: number;
  playlists: number;
  playlistTracks: number;
  /**
   * One growth curator per size: that many songs, swaps, messages (size / 100 conversations),
   * activity entries and open invitations.
   */
  growth: number[];
  /** Seconds of each autocannon run. */
  seconds: number;
}

export const SIZES: Record<BenchSizes['name'], BenchSizes> = {
  full: {
    name: 'full',
    curators: 12_000,
    songs: 100_000,
    swaps: 100_000,
    conversations: 10_000,
    messages: 1_000_000,
    playlists: 40,
    playlistTracks: 10_000,
    growth: [1_000, 10_000, 100_000, 1_000_000],
    seconds: 5,
  },
  small: {
    name: 'small',
    curators: 300,
    songs: 2_000,
    swaps: 2_000,
    conversations: 200,
    messages: 20_000,
    playlists: 5,
    playlistTracks: 500,
    growth: [1_000, 10_000],
    seconds: 2,
  },
};
