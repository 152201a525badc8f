import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { placeInCatalog, sortCatalog } from '../../../../common/domain/catalogSort.js';
import type {
  CatalogAnswer,
  CatalogLimits,
  CatalogPage,
  Song,
  SpotifyTrackView,
} from './catalogTypes';

/**
 * Catalog state: loaded, songs (in catalogue order) and a
 * map of streaming tracks by Spotify id, plus where the next page starts and the plan's limit.
 *
 * It lives in the RTK Query cache entry of songs/catalog (so it goes with the session like
 * all API data): catalogApi.ts builds it with catalogLoaded and applies each transition below
 * through updateQueryData once the server has answered.
 */
export interface CatalogState {
  loaded: boolean;
  songs: Song[];
  /** Streaming tracks by Spotify id: the catalogue's own and those looked up to add. */
  tracks: Record<string, SpotifyTrackView>;
  nextCursor: string | null;
  limits: CatalogLimits | null;
  /** Whether the provider gives popularity scores (Spotify no longer does). */
  providerGivesScore: boolean;
}

export const initialCatalogState: CatalogState = {
  loaded: false,
  songs: [],
  tracks: {},
  nextCursor: null,
  limits: null,
  providerGivesScore: false,
};

function rememberTracks(state: CatalogState, songs: readonly Song[]) {
  for (const song of songs) {
    if (song.spotify.track) state.tracks[song.spotify.track.id] = song.spotify.track;
  }
}

/** A new song in its place; the limit's count grows unless it was listed already. */
function addSong(state: CatalogState, song: Song) {
  const isNew = !state.songs.some((existing) => existing.id === song.id);
  state.songs = placeInCatalog(state.songs, song);
  rememberTracks(state, [song]);
  if (isNew && state.limits) state.limits.count += 1;
}

/** A changed song replaces the listed one (kept in order); one not listed stays unlisted. */
function replaceSong(state: CatalogState, song: Song) {
  if (!state.songs.some((existing) => existing.id === song.id)) return;
  state.songs = placeInCatalog(state.songs, song);
  rememberTracks(state, [song]);
}

export const catalogSlice = createSlice({
  name: 'catalog',
  initialState: initialCatalogState,
  reducers: {
    /** The first page of songs/catalog answered. */
    catalogLoaded(state, action: PayloadAction<CatalogAnswer>) {
      const { songs, nextCursor, limits, popularity } = action.payload;
      state.loaded = true;
      state.songs = sortCatalog(songs);
      state.nextCursor = nextCursor;
      state.limits = limits;
      state.providerGivesScore = popularity.providerGivesScore;
      rememberTracks(state, songs);
    },
    /** A further page: its songs join the list in order (a song listed already is replaced). */
    catalogPageLoaded(state, action: PayloadAction<CatalogPage>) {
      for (const song of action.payload.songs) state.songs = placeInCatalog(state.songs, song);
      rememberTracks(state, action.payload.songs);
      state.nextCursor = action.payload.nextCursor;
    },
    /** addtocatalog answered. */
    songAdded(state, action: PayloadAction<Song>) {
      addSong(state, action.payload);
    },
    /** upcoming-release answered. */
    upcomingReleaseAdded(state, action: PayloadAction<Song>) {
      addSong(state, action.payload);
    },
    /** favourite answered with the song. */
    favouriteToggled(state, action: PayloadAction<Song>) {
      replaceSong(state, action.payload);
    },
    /** songs/tags answered with the song. */
    songTagged(state, action: PayloadAction<Song>) {
      replaceSong(state, action.payload);
    },
    /** catalog/update-status answered with the song. */
    statusUpdated(state, action: PayloadAction<Song>) {
      replaceSong(state, action.payload);
    },
    /** remove-from-catalog answered. */
    songRemoved(state, action: PayloadAction<string>) {
      const before = state.songs.length;
      state.songs = state.songs.filter((song) => song.id !== action.payload);
      if (state.limits && state.songs.length < before) state.limits.count -= 1;
    },
    /** spotify/track answered (a track looked up before adding it). */
    trackLoaded(state, action: PayloadAction<SpotifyTrackView>) {
      state.tracks[action.payload.id] = action.payload;
    },
  },
});

export const {
  catalogLoaded,
  catalogPageLoaded,
  songAdded,
  upcomingReleaseAdded,
  favouriteToggled,
  statusUpdated,
  songTagged,
  songRemoved,
  trackLoaded,
} = catalogSlice.actions;

export const catalogReducer = catalogSlice.reducer;
