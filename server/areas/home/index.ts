/** Home, the curator's desk (docs/home.md), and the schedule with its calendar feed (docs/schedule.md). */
export { homeHandlers } from './routes.js';
export { registerCalendarRoute } from './scheduleFeed.js';
