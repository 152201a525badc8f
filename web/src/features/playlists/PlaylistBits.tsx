import { formatCount } from '../../shared/lib/formatCount';
import { cn } from '../../shared/ui/cn';
import { PlaylistIcon } from '../../shared/ui/icons';
import type { PlaylistInfo } from './playlistTypes';

export const NO_FOLLOWER_COUNT = 'Spotify gives no follower count for this playlist';

/**
 * A playlist's or album's artwork, or a placeholder when Spotify has none. Artwork in lists
 * loads lazily; `prominent` is for the one above the fold that is the screen's largest image
 * (a playlist's cover on its page): loaded at once and first, it is the page's largest
 * contentful paint, which a lazy image held back until layout (3.1 s of load delay in
 * Lighthouse on a slow phone).
 */
export function Artwork({
  src,
  className,
  rounded = 'rounded-md',
  prominent = false,
}: {
  src: string | null;
  className?: string;
  rounded?: string;
  prominent?: boolean;
}) {
  if (!src) {
    return (
      <span
        className={cn(
          'flex shrink-0 items-center justify-center bg-slate-100 text-slate-400',
          rounded,
          className,
        )}
        aria-hidden="true"
      >
        <PlaylistIcon className="size-1/2" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading={prominent ? 'eager' : 'lazy'}
      fetchPriority={prominent ? 'high' : 'auto'}
      decoding="async"
      className={cn('shrink-0 bg-slate-100 object-cover', rounded, className)}
    />
  );
}

/**
 * A follower count. Where Spotify gives none it shows "—" and says why: it is unknown, never
 * zero.
 */
export function Followers({ count }: { count: number | null }) {
  if (count === null) {
    return (
      <span title={NO_FOLLOWER_COUNT} className="cursor-help">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{NO_FOLLOWER_COUNT}</span>
      </span>
    );
  }
  return <>{formatCount(count)}</>;
}

/** Public, private or collaborative, as Spotify says. */
export function playlistKind(info: Pick<PlaylistInfo, 'collaborative' | 'public'>): string | null {
  if (info.collaborative) return 'Collaborative';
  if (info.public === true) return 'Public';
  if (info.public === false) return 'Private';
  return null;
}

export function KindBadge({ info }: { info: Pick<PlaylistInfo, 'collaborative' | 'public'> }) {
  const kind = playlistKind(info);
  if (!kind) return null;
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium ring-1',
        kind === 'Public' && 'bg-sky-50 text-sky-800 ring-sky-200',
        kind === 'Private' && 'bg-slate-100 text-slate-700 ring-slate-200',
        kind === 'Collaborative' && 'bg-violet-50 text-violet-800 ring-violet-200',
      )}
    >
      {kind}
    </span>
  );
}

export function tracksLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'track' : 'tracks'}`;
}
