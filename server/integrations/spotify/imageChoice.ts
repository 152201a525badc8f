import type { SpotifyImage } from './schemas.js';

/**
 * The narrowest artwork the product shows from Spotify's sizes, in pixels: the largest picture
 * is a playlist's cover at 144 CSS pixels (PlaylistHeader), the rest 36-56 (track rows, song
 * cards, account playlists, avatars), so 300 is sharp at twice their size.
 */
export const ARTWORK_MIN_PX = 300;

/**
 * The URL of the image to show from Spotify's list of sizes: the narrowest at least
 * ARTWORK_MIN_PX wide, or the widest when none is, or the first when Spotify gives no widths
 * (a playlist's uploaded cover). Spotify lists an album's 640, 300 and 64 pixel images, widest
 * first; taking the first sent the 640 one to a 40 pixel row, four times the bytes of the 300.
 */
export function imageUrlFor(images: readonly SpotifyImage[]): string | null {
  const sized = images.filter((image) => image.width !== null);
  if (sized.length === 0) return images.at(0)?.url ?? null;
  const byWidth = [...sized].sort((a, b) => a.width! - b.width!);
  return (byWidth.find((image) => image.width! >= ARTWORK_MIN_PX) ?? byWidth.at(-1)!).url;
}
