/**
 * The songs area's public entry: the song catalogue. Besides the handlers: its availability
 * job (for the runner) and what the trades area and the demo seed use of songs.
 */
export { songHandlers } from './routes.js';
export { registerCatalogExport } from './exportRoute.js';
export { AVAILABILITY_JOB, recheckAvailability } from './availabilityJob.js';
export { isPotentialPartner, type SongRow } from './data.js';
export { presentSong, releaseSortOf, songNameOf, type SongNameColumns } from './presenter.js';
