import type { CuratorSummary } from '../../../common/api/users/schemas.js';

interface CuratorRow {
  id: string;
  name: string;
  pictureId: string | null;
}

/**
 * The picture URL: /api/users/profile/picture/{id} for an uploaded picture,
 * else '' (no images list is stored for a user yet).
 */
export function pictureUrlOf(pictureId: string | null): string {
  return pictureId ? `/api/users/profile/picture/${pictureId}` : '';
}

export function presentCurator(row: CuratorRow): CuratorSummary {
  return { id: row.id, name: row.name, pictureUrl: pictureUrlOf(row.pictureId) };
}
