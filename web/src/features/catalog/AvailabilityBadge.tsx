import { cn } from '../../shared/ui/cn';
import { STATUS_DESCRIPTIONS, STATUS_LABELS } from './catalogText';
import type { Song } from './catalogTypes';

const TONES: Record<Song['status'], string> = {
  available: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  pending: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  'not available': 'bg-red-50 text-red-800 ring-red-600/20',
  upcoming: 'bg-amber-50 text-amber-800 ring-amber-600/25',
};

/** The song's availability, saying when the curator set it by hand. */
export function AvailabilityBadge({ song }: { song: Pick<Song, 'status' | 'statusSetBy'> }) {
  const byHand = song.statusSetBy === 'curator';
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[song.status],
      )}
      title={`${STATUS_DESCRIPTIONS[song.status]}${byHand ? ' Set by you.' : ''}`}
    >
      {STATUS_LABELS[song.status]}
      {byHand && <span className="font-normal opacity-75">· set by you</span>}
    </span>
  );
}
