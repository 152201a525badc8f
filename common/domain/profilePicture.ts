/**
 * The profile picture URL: /api/users/profile/picture/{id} for an uploaded
 * picture; with none, the last image of the user's images list (their Spotify pictures), or ''.
 */
export const PROFILE_PICTURE_PATH = '/api/users/profile/picture';

/** The square sizes the server keeps an uploaded picture in (px); `size` picks one. */
export const PROFILE_PICTURE_SIZES = [64, 256, 512] as const;
export type ProfilePictureSize = (typeof PROFILE_PICTURE_SIZES)[number];
/** What the picture URL serves when no size is asked for. */
export const DEFAULT_PROFILE_PICTURE_SIZE: ProfilePictureSize = 256;

export interface PictureOwner {
  /** The uploaded picture's id, or null. */
  userProfilePicture: string | null;
  /** Pictures from the user's linked Spotify accounts, in the order they were linked. */
  images: readonly string[];
}

/** The URL to show a user's picture from, or '' when they have none. */
export function profilePictureUrl(
  user: PictureOwner,
  size: ProfilePictureSize = DEFAULT_PROFILE_PICTURE_SIZE,
): string {
  if (user.userProfilePicture) {
    const path = `${PROFILE_PICTURE_PATH}/${encodeURIComponent(user.userProfilePicture)}`;
    return size === DEFAULT_PROFILE_PICTURE_SIZE ? path : `${path}?size=${size}`;
  }
  return user.images.at(-1) ?? '';
}
