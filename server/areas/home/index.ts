/** Home, the curator's desk (docs/home.md). */
export { homeHandlers } from './routes.js';
