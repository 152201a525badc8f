import type { ReactNode } from 'react';

/** What the track link needs of a track: id, name, preview_url. */
export interface LinkableTrack {
  id: string;
  name: string;
  preview_url: string | null;
}

export const SPOTIFY_TRACK_PAGE = 'https://open.spotify.com/track/';

/**
 * The Track link helper: for a streaming track (`spotify` set) the link is
 * the track's preview_url, else its page on Spotify built from the id, titled 'Listen to
 * {name} on Spotify'; otherwise it is the given link, titled with the track name.
 */
export function trackLinkTarget(
  track: LinkableTrack,
  options: { spotify: true } | { spotify?: false; href: string },
): { href: string; title: string } {
  if (options.spotify) {
    return {
      href: track.preview_url ?? `${SPOTIFY_TRACK_PAGE}${encodeURIComponent(track.id)}`,
      title: `Listen to ${track.name} on Spotify`,
    };
  }
  return { href: options.href, title: track.name };
}

export function TrackLink({
  track,
  href,
  children,
  className,
}: {
  track: LinkableTrack;
  /** A given link; without it the track's Spotify preview or page is used. */
  href?: string;
  children?: ReactNode;
  className?: string;
}) {
  const target = trackLinkTarget(
    track,
    href === undefined ? { spotify: true } : { spotify: false, href },
  );
  return (
    <a
      href={target.href}
      title={target.title}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
    >
      {children ?? track.name}
    </a>
  );
}
