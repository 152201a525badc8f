import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/config.js';
import { loadOrCreateKeyFile } from '../../lib/tokenCipher.js';

/** The e-mail notification switches of the profile; each is one unsubscribe category. */
export const NOTIFICATION_CATEGORIES = ['swaps', 'messages', 'friendRequests'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key unsubscribe links are signed with: derived (HKDF) from the server's secret key
 * (SPOTIFY_TOKEN_KEY, required in production; in demo mode the key file the Spotify token
 * cipher generates in DATA_DIR), so no new secret has to be configured and the derived key
 * is good for nothing else.
 */
export function unsubscribeKey(config: Config): Buffer {
  const secret =
    config.spotify.tokenKey ?? loadOrCreateKeyFile(`${config.dataDir}/secrets/spotify-token.key`);
  return Buffer.from(hkdfSync('sha256', secret, '', 'curator unsubscribe links v1', 32));
}

function signature(key: Buffer, userId: string, category: NotificationCategory): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${userId}:${category}`).digest();
}

/** `{userId}.{category}.{HMAC}`: the link names who and what, and only the server can sign it. */
export function unsubscribeToken(
  key: Buffer,
  userId: string,
  category: NotificationCategory,
): string {
  return `${userId}.${category}.${signature(key, userId, category).toString('base64url')}`;
}

/** The user and category a token names, or null when it is malformed or not signed by us. */
export function verifyUnsubscribeToken(
  key: Buffer,
  token: string,
): { userId: string; category: NotificationCategory } | null {
  const [userId = '', category = '', mac = '', ...rest] = token.split('.');
  if (rest.length > 0 || !UUID.test(userId)) return null;
  if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category)) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(key, userId, category as NotificationCategory);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, category: category as NotificationCategory };
}
