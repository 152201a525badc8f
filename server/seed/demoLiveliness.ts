import type { AppContext } from '../appContext.js';
import { seedDemoPictures } from './demoPictures.js';
import { seedDemoSpotify } from './demoSpotify.js';

/**
 * What makes the demo alive on first sign-in, once the server listens (docs/spotify.md, "Demo"):
 * pictures for the demo curators, and (with the local Spotify mounted) their Spotify links,
 * managed playlists and follower history. Idempotent; main.ts runs it under the demo seed's
 * advisory lock so instances starting together do not race.
 */
export async function seedDemoLiveliness(
  context: AppContext,
  stop?: AbortSignal,
): Promise<{ pictures: number; linked: number }> {
  const pictures = await seedDemoPictures(context);
  const grant = context.spotify.demoGrant();
  const linked = grant ? await seedDemoSpotify(context, grant, stop) : 0;
  return { pictures, linked };
}
