import { and, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../appContext.js';
import { setProfilePicture } from '../areas/auth/index.js';
import { users } from '../db/schema.js';
import { DEMO_CURATORS } from './demoData.js';

/** One background colour per demo curator, in DEMO_CURATORS order (Gale keeps none: the fallback). */
const COLOURS = ['#6d28d9', '#ea580c', '#0f766e', '#2563eb', '#be123c', '#4d7c0f'];

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** A simple avatar: initials on a colour with a soft light, as a PNG (what a person would upload). */
export async function avatarPng(name: string, colour: string): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <defs><radialGradient id="g" cx="30%" cy="25%" r="90%">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>
    <stop offset="1" stop-color="#000000" stop-opacity="0.15"/>
  </radialGradient></defs>
  <rect width="512" height="512" fill="${colour}"/>
  <rect width="512" height="512" fill="url(#g)"/>
  <text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif"
    font-size="200" font-weight="700" fill="#ffffff">${initialsOf(name)}</text>
</svg>`;
  const { default: sharp } = await import('sharp');
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/**
 * Pictures for the demo curators who have none, stored through the upload's own code path
 * (auth's setProfilePicture: re-encoded to WebP in three sizes, kept in the database).
 * Idempotent: a curator with a picture keeps it. Answers how many were given one.
 */
export async function seedDemoPictures(context: AppContext): Promise<number> {
  const curators = DEMO_CURATORS.slice(0, COLOURS.length);
  const bare = await context.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          curators.map((curator) => curator.email),
        ),
        isNull(users.pictureId),
      ),
    );
  for (const user of bare) {
    const index = curators.findIndex((curator) => curator.email === user.email);
    await setProfilePicture(context, user.id, await avatarPng(user.name, COLOURS[index]!));
  }
  return bare.length;
}
