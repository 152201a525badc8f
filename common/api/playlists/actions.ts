import type * as schemas from './schemas.js';
import { actionTable } from '../contract.js';

export const playlistsActions = actionTable<typeof schemas>()('playlists', {
  /** The managed playlists of every linked account, with their Spotify info as last seen. */
  all: { action: 'all', access: 'user' },
  /** playlistsInfo: the managed playlists’ settings keyed by spotifyId. */
  info: { action: 'info', access: 'user' },
  /** Start managing a playlist of a linked account (plan limit on managed playlists). */
  add: { action: 'add', access: 'user' },
  /**
   * Pick which managed playlists stay active when there are more than the plan allows (after
   * a downgrade); the others are paused (readable, not worked on). Answers playlistsInfo.
   */
  active: { action: 'active', access: 'user' },
  /** Stop managing a playlist: its locks and pending removal dates go with it. */
  remove: { action: 'remove', access: 'user' },
  /** Show or hide a managed playlist to other curators. */
  visibility: { action: 'visibility', access: 'user' },
  /** Tag a visible managed playlist with genres and moods from the vocabulary (at most 5). */
  tags: { action: 'tags', access: 'user' },
  /** Lock the track now at a position (plan limit on locks per playlist). */
  addPosition: { action: 'add-position', access: 'user' },
  /** Unlock a position. */
  removePosition: { action: 'remove-position', access: 'user' },
  /** Replace all locks with the tracks now at the given positions. */
  updatePlaylistPositions: { action: 'updateplaylistpositions', access: 'user' },
  /** Add a track to a playlist on Spotify (at a position, else at the end). */
  addTrackToPlaylist: { action: 'addtracktoplaylist', access: 'user' },
  /** Remove a track (every occurrence, as Spotify does) from a playlist on Spotify. */
  removeTrackFromPlaylist: { action: 'removetrackfromplaylist', access: 'user' },
  /** Move the track at one position to another on Spotify, against the snapshot the caller saw. */
  moveTrack: { action: 'move-track', access: 'user' },
  /** Set, change or clear the date a track is removed from a managed playlist. */
  trackRemovalDate: { action: 'track-removal-date', access: 'user' },
  /** Daily follower and track-count history of a managed playlist, and the 30-day follower average. */
  insights: { action: 'insights', access: 'user' },
  /** A linked account’s playlists, live from Spotify. */
  playlists: { action: 'playlists', access: 'user' },
  /** A playlist with all its items, live from Spotify, with duplicates found. */
  playlist: { action: 'playlist', access: 'user' },
  /**
   * Another curator’s visible managed playlist, read from Spotify through its owner’s account at
   * most once a minute (a server-side cache; docs/abuse-limits.md); limited per viewer.
   */
  userPlaylist: { action: 'user/playlist', access: 'user' },
  /** Search Spotify tracks (at most 10 a page). */
  search: { action: 'search', access: 'user' },
  /** Whether a track is out on Spotify yet (release date passed and playable). */
  checkPrerelease: { action: 'checkprerelease', access: 'user' },
  /** A managed playlist's versions, newest first (keyset on the version number). */
  history: { action: 'history', access: 'user' },
  /** What changed between two versions of a managed playlist. */
  historyDiff: { action: 'history-diff', access: 'user' },
  /**
   * Bring a managed playlist back to a version with the fewest Spotify edits; locks stay at
   * their positions. A version that would break a live swap placement needs `confirm`.
   */
  historyRestore: { action: 'history-restore', access: 'user' },
  /** Every managed playlist of mine holding a track: position, since when, through which swap. */
  whereIsTrack: { action: 'where-is-track', access: 'user' },
});
