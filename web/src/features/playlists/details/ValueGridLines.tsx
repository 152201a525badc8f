import { formatCount } from '../../../shared/lib/formatCount';

/** A chart's horizontal grid: a faint line and its count at each value tick, from `left` to `right`. */
export function ValueGridLines({
  ticks,
  left,
  right,
  y,
}: {
  ticks: readonly number[];
  left: number;
  right: number;
  y: (value: number) => number;
}) {
  return ticks.map((tick) => (
    <g key={tick}>
      <line
        x1={left}
        x2={right}
        y1={y(tick)}
        y2={y(tick)}
        stroke="currentColor"
        strokeOpacity={0.25}
      />
      <text x={left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
        {formatCount(tick)}
      </text>
    </g>
  ));
}
