import type { DeskPlaylist } from '../../../../common/api/home/schemas.js';

const WIDTH = 96;
const HEIGHT = 28;

/** A playlist's followers over 30 days as a small line; decorative (the numbers say it). */
export function FollowerSparkline({ series }: { series: DeskPlaylist['series'] }) {
  if (series.length < 2) return null;
  const values = series.map((point) => point.followers);
  const low = Math.min(...values);
  const span = Math.max(...values) - low || 1;
  const points = values
    .map((value, index) => {
      const x = (index / (values.length - 1)) * WIDTH;
      const y = HEIGHT - 2 - ((value - low) / span) * (HEIGHT - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      aria-hidden="true"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="shrink-0 text-brand-600"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
