import type { PlaylistItem } from '../playlistTypes';

/**
 * Keys that follow a track when it moves: its id and which occurrence of that id it is
 * (a playlist can hold a track twice). Unavailable items are keyed by position.
 */
export function rowKeys(items: readonly PlaylistItem[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    if (!item.track) return `position:${item.position}`;
    const occurrence = seen.get(item.track.id) ?? 0;
    seen.set(item.track.id, occurrence + 1);
    return `${item.track.id}:${occurrence}`;
  });
}
