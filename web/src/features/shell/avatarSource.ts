import type { User } from '../../../../common/api/user.js';
import { profilePictureUrl } from '../../../../common/domain/profilePicture.js';

/**
 * The user's picture: the uploaded picture by its id,
 * else the last image of the user's images list, else '' (the avatar shows initials).
 */
export function avatarSource(user: Pick<User, 'userProfilePicture' | 'images'>): string {
  return profilePictureUrl(user);
}

/** Up to two initials from a name, e.g. "Ada Lovelace" -> "AL". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters
    .map((word) => (word ? Array.from(word)[0] : ''))
    .join('')
    .toUpperCase();
}
