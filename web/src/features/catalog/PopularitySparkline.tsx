import { toDisplayError } from '../../shared/api/displayError';
import { formatDisplayDate } from '../../shared/lib/formatDisplayDate';
import { usePopularityHistoryQuery } from './catalogApi';
import type { PopularityHistory } from './catalogTypes';

const WIDTH = 96;
const HEIGHT = 24;

/** Spotify stopped sharing track popularity; said once instead of drawing zeros. */
export const NO_PROVIDER_SCORE_TEXT =
  'Spotify no longer shares popularity scores, so there is no popularity history to draw.';

/** A small line of daily scores (0–100), oldest left; drawn only from real scores. */
export function PopularitySparkline({ points }: { points: PopularityHistory['points'] }) {
  const first = points.at(0);
  const last = points.at(-1);
  if (!first || !last) return <span className="text-xs text-slate-500">No scores yet</span>;
  const step = points.length > 1 ? WIDTH / (points.length - 1) : 0;
  const y = (score: number) =>
    HEIGHT - 2 - (Math.min(100, Math.max(0, score)) / 100) * (HEIGHT - 4);
  const line = points.map((point, i) => `${(i * step).toFixed(1)},${y(point.score).toFixed(1)}`);
  return (
    <svg
      role="img"
      aria-label={`Popularity ${last.score} on ${formatDisplayDate(last.day)}, ${first.score} on ${formatDisplayDate(first.day)}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      className="overflow-visible text-brand-600"
    >
      <polyline points={line.join(' ')} fill="none" stroke="currentColor" strokeWidth={1.5} />
      <circle cx={(points.length - 1) * step} cy={y(last.score)} r={2} fill="currentColor" />
    </svg>
  );
}

/** One song's popularity history, fetched when shown. */
export function SongPopularity({ songId }: { songId: string }) {
  const history = usePopularityHistoryQuery({ songId });
  const error = toDisplayError(history.error);
  if (error) return <span className="text-xs text-red-700">Popularity unavailable</span>;
  if (!history.data) return <span className="text-xs text-slate-400">…</span>;
  if (!history.data.providerGivesScore) {
    return <span className="text-xs text-slate-500">No provider score</span>;
  }
  return <PopularitySparkline points={history.data.points} />;
}
