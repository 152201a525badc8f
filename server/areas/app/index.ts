/** The app area's public entry: the start-up call and client crash reports. */
export { appHandlers } from './routes.js';
export { registerStartup, startupOf } from './startup.js';
