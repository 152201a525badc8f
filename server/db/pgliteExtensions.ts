import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the schema uses, for every embedded database (PGlite ships them
 * as contrib modules; PostgreSQL has them in its contrib package): pg_trgm serves Discovery's
 * name search with a trigram index (users_name_trgm_idx).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
