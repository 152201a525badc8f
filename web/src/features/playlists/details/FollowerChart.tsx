import { format, parseISO } from 'date-fns';
import { useId, useState } from 'react';
import { formatCount } from '../../../shared/lib/formatCount';
import { formatDisplayDate } from '../../../shared/lib/formatDisplayDate';
import type { InsightsPoint } from '../playlistTypes';
import { daysBetween, niceAxis } from './chartScale';
import { ValueGridLines } from './ValueGridLines';

const WIDTH = 640;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 56 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;

const shortDay = (day: string) => format(parseISO(day), 'MMM d');

/**
 * The follower history as a line chart (inline SVG), with the 30-day average as a dashed
 * line; days without a count leave a gap. A table with the same numbers follows for those who
 * would rather read them.
 */
export function FollowerChart({
  playlistName,
  points,
  average,
}: {
  playlistName: string;
  points: readonly InsightsPoint[];
  average: number | null;
}) {
  const id = useId();
  // The table of numbers is built when it is first opened: a playlist's 90 days are a third of
  // its page's elements, rendered with the page and never seen by most.
  const [numbersShown, setNumbersShown] = useState(false);
  const known = points.filter(
    (point): point is InsightsPoint & { followers: number } => point.followers !== null,
  );
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || known.length === 0) return null;

  const values = known.map((point) => point.followers);
  if (average !== null) values.push(Math.round(average));
  const axis = niceAxis(Math.min(...values), Math.max(...values));
  const totalDays = Math.max(1, daysBetween(first.day, last.day));
  const x = (day: string) => MARGIN.left + (daysBetween(first.day, day) / totalDays) * PLOT_WIDTH;
  const y = (value: number) =>
    MARGIN.top + PLOT_HEIGHT - ((value - axis.lo) / (axis.hi - axis.lo)) * PLOT_HEIGHT;

  // One path, with a gap wherever a day has no count.
  let path = '';
  let drawing = false;
  for (const point of points) {
    if (point.followers === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${x(point.day).toFixed(1)},${y(point.followers).toFixed(1)}`;
    drawing = true;
  }
  const middle = points[Math.floor(points.length / 2)];
  const xTicks = [...new Set([first.day, middle?.day ?? first.day, last.day])];
  // The average covers the last 30 days, so its line does too.
  const averageFrom = Math.max(0, totalDays - 29) / totalDays;
  const firstKnown = known[0];
  const lastKnown = known[known.length - 1];

  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full"
      >
        <title id={`${id}-title`}>{`Follower history of ${playlistName}`}</title>
        <desc id={`${id}-desc`}>
          {`From ${formatDisplayDate(first.day)} to ${formatDisplayDate(last.day)}: ${
            firstKnown ? formatCount(firstKnown.followers) : '—'
          } to ${lastKnown ? formatCount(lastKnown.followers) : '—'} followers.${
            average !== null ? ` 30-day average: ${formatCount(Math.round(average))}.` : ''
          }`}
        </desc>
        <g className="text-slate-400" fontSize="11" fill="currentColor">
          <ValueGridLines
            ticks={axis.ticks}
            left={MARGIN.left}
            right={WIDTH - MARGIN.right}
            y={y}
          />
          {xTicks.map((day, index) => (
            <text
              key={day}
              x={x(day)}
              y={HEIGHT - 8}
              textAnchor={index === 0 ? 'start' : index === xTicks.length - 1 ? 'end' : 'middle'}
            >
              {shortDay(day)}
            </text>
          ))}
        </g>
        {average !== null && (
          <line
            x1={MARGIN.left + averageFrom * PLOT_WIDTH}
            x2={WIDTH - MARGIN.right}
            y1={y(average)}
            y2={y(average)}
            className="text-amber-500"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeDasharray="6 4"
          />
        )}
        <path
          d={path}
          fill="none"
          className="text-brand-600"
          stroke="currentColor"
          strokeWidth={2.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        {known.length <= 31 &&
          known.map((point) => (
            <circle
              key={point.day}
              cx={x(point.day)}
              cy={y(point.followers)}
              r={2.5}
              className="text-brand-600"
              fill="currentColor"
            />
          ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-4 rounded bg-brand-600" /> Followers
        </span>
        {average !== null && (
          <span className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="h-0 w-4 border-t-2 border-dashed border-amber-500"
            />{' '}
            30-day average
          </span>
        )}
      </figcaption>
      <details
        className="mt-3 text-sm"
        onToggle={(event) => event.currentTarget.open && setNumbersShown(true)}
      >
        <summary className="cursor-pointer font-medium text-slate-700">Show the numbers</summary>
        {numbersShown && <NumbersTable playlistName={playlistName} points={points} />}
      </details>
    </figure>
  );
}

/** The follower history's numbers, a row a day. */
function NumbersTable({
  playlistName,
  points,
}: {
  playlistName: string;
  points: readonly InsightsPoint[];
}) {
  return (
    <div className="mt-2 max-h-64 overflow-y-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Daily followers and tracks of {playlistName}</caption>
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Day
            </th>
            <th scope="col" className="py-1 pr-4 text-right font-medium">
              Followers
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Tracks
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {points.map((point) => (
            <tr key={point.day}>
              <td className="py-1 pr-4">{formatDisplayDate(point.day)}</td>
              <td className="py-1 pr-4 text-right">
                {point.followers === null ? '—' : formatCount(point.followers)}
              </td>
              <td className="py-1 text-right">{formatCount(point.tracksTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
