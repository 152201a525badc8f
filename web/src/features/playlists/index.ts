/** The playlists feature's entry: managed playlists (swaps place songs in them) and artwork. */
export { useManagedPlaylistsQuery } from './playlistsApi';
export { Artwork } from './PlaylistBits';
export { WhereIsTrack } from './details/WhereIsTrack';
export { daysBetween, niceAxis } from './details/chartScale';
export { ValueGridLines } from './details/ValueGridLines';
