import type { PlaylistHealth } from '../../../../common/api/playlistHealth.js';
import {
  HEALTH_LABEL_TEXT,
  type HealthLabel as Label,
} from '../../../../common/domain/playlistHealth.js';
import { cn } from './cn';

const TONE: Record<Label, string> = {
  clean: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  suspicious: 'bg-amber-50 text-amber-900 ring-amber-300',
  bought: 'bg-red-50 text-red-800 ring-red-200',
  unknown: 'bg-slate-50 text-slate-600 ring-slate-200',
};

/**
 * A playlist's health label from its follower history (docs/playlist-health.md). A verdict
 * (Suspicious, Likely bought) always shows its evidence, so the reader can check it against
 * the follower chart; Clean and "Not enough history yet" keep theirs in the title.
 */
export function HealthLabel({
  health,
  playlistName,
  className,
}: {
  health: PlaylistHealth | undefined;
  /** Names the playlist for assistive technology where the label stands alone. */
  playlistName?: string;
  className?: string;
}) {
  const shown = health ?? { label: 'unknown' as const, evidence: [], assessedOn: null };
  const text = HEALTH_LABEL_TEXT[shown.label];
  const verdict = shown.label === 'suspicious' || shown.label === 'bought';
  return (
    <div className={cn('min-w-0', className)} data-health={shown.label}>
      <span className="sr-only">{playlistName ? `Health of ${playlistName}: ` : 'Health: '}</span>
      <span
        className={cn(
          'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1',
          TONE[shown.label],
        )}
        title={verdict ? undefined : shown.evidence.join('; ') || undefined}
      >
        {text}
      </span>
      {verdict && shown.evidence.length > 0 && (
        <ul
          aria-label={playlistName ? `Why ${playlistName} is ${text}` : `Why ${text}`}
          className="mt-1 list-disc space-y-0.5 pl-4 text-xs text-slate-600"
        >
          {shown.evidence.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Playlists by name, each with its health label (a partner's visible playlists). */
export function PlaylistHealthList({
  playlists,
  label,
  className,
}: {
  playlists: readonly { spotifyId: string; name: string; health?: PlaylistHealth }[];
  label?: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn('space-y-2', className)}>
      {playlists.map((playlist) => (
        <li key={playlist.spotifyId} className="flex flex-wrap items-start gap-x-3 gap-y-1">
          <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{playlist.name}</span>
          <HealthLabel
            health={playlist.health}
            playlistName={playlist.name}
            className="basis-full sm:basis-auto sm:max-w-[60%]"
          />
        </li>
      ))}
    </ul>
  );
}
