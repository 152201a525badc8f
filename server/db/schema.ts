/**
 * The whole database schema, one file per area under tables/. Drizzle (queries and
 * drizzle-kit migrations) reads it from here.
 */
export * from './tables/accounts.js';
export * from './tables/streaming.js';
export * from './tables/jobs.js';
export * from './tables/catalog.js';
export * from './tables/messenger.js';
export * from './tables/trades.js';
export * from './tables/billing.js';
export * from './tables/pictures.js';
export * from './tables/network.js';
export * from './tables/discovery.js';
export * from './tables/history.js';
export * from './tables/security.js';
export * from './tables/passkeys.js';
export * from './tables/announcements.js';
export * from './tables/notifications.js';
export * from './tables/health.js';
export * from './tables/schedule.js';
