import { existsSync } from 'node:fs';

/** Loads ./.env when present (variables already set win), so a local setup needs no exports. */
export function loadEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
