/**
 * Artwork a curator links for an upcoming release is shown in other curators' browsers, so it
 * may only come from Spotify's image CDNs (i.scdn.co, mosaic.scdn.co, image-cdn-ak.spotifycdn.com,
 * …): any other host would learn who looked at it (a tracking pixel). See docs/security.md.
 */
const SPOTIFY_IMAGE_DOMAINS = ['scdn.co', 'spotifycdn.com'];

/** The local Spotify stand-in serves its images under this path of the app's own origin (demo). */
const STAND_IN_IMAGE_PATH = '/_spotify/images/';

function parse(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** An https link to an image on one of Spotify's CDNs (a subdomain of scdn.co or spotifycdn.com). */
export function isSpotifyImageUrl(value: string): boolean {
  const url = parse(value);
  if (!url || url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  return SPOTIFY_IMAGE_DOMAINS.some((domain) => host.endsWith(`.${domain}`));
}

/** A link to some origin's /_spotify/images/: the server accepts it only for its own stand-in. */
export function isStandInImagePath(value: string): boolean {
  const url = parse(value);
  return (
    url !== undefined &&
    /^https?:$/.test(url.protocol) &&
    url.pathname.startsWith(STAND_IN_IMAGE_PATH)
  );
}

/** A link to the local Spotify stand-in's images at the given origin (demo mode only). */
export function isStandInImageUrl(value: string, standInOrigin: string): boolean {
  const url = parse(value);
  return (
    url !== undefined &&
    url.origin === standInOrigin &&
    url.pathname.startsWith(STAND_IN_IMAGE_PATH) &&
    !url.username &&
    !url.password
  );
}
