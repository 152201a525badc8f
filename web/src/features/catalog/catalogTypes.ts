import type { OutputOf } from '../../../../common/api/contract.js';
import type { songsActions } from '../../../../common/api/songs/actions.js';

export type { Song } from '../../../../common/api/songs/schemas.js';
export type { SongStatus, CuratorSetStatus } from '../../../../common/domain/catalog.js';
export type { SpotifyTrackView } from '../../../../common/api/spotifyTrack.js';

/** What songs/catalog answers: a page, the plan's limit and whether scores exist. */
export type CatalogAnswer = OutputOf<typeof songsActions.catalog>;
export type CatalogPage = Pick<CatalogAnswer, 'songs' | 'nextCursor'>;
export type CatalogLimits = CatalogAnswer['limits'];
export type PopularityHistory = OutputOf<typeof songsActions.popularityScoreHistory>;
