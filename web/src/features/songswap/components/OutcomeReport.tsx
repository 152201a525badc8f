import { format, parseISO } from 'date-fns';
import { useId } from 'react';
import type { PlacementOutcome, TradeOutcome } from '../../../../../common/api/trades/schemas.js';
import { toDisplayError } from '../../../shared/api/displayError';
import { formatCount } from '../../../shared/lib/formatCount';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { daysBetween, niceAxis, ValueGridLines } from '../../playlists';
import { useTradeOutcomeQuery } from '../tradesApi';

const WIDTH = 640;
const HEIGHT = 200;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 56 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
const shortDay = (day: string) => format(parseISO(day), 'MMM d');
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${formatCount(Math.abs(value))}`;

/**
 * What an accepted or completed swap earned (docs/swap-outcomes.md): per placement, the days in
 * place and a chart of the placing playlist's followers with its trend before the period
 * carried on (dashed) and the days the song was in place marked below; then the streams and
 * who has not reported them.
 */
export function OutcomeReport({
  tradeId,
  partnerId,
  partnerName,
}: {
  tradeId: string;
  partnerId: string;
  partnerName: string;
}) {
  const query = useTradeOutcomeQuery({ tradeId }, { refetchOnMountOrArgChange: true });
  const error = toDisplayError(query.error);
  return (
    <section aria-labelledby={`outcome-${tradeId}`} className="mt-8">
      <h2 id={`outcome-${tradeId}`} className="text-base font-semibold text-slate-900">
        What this swap earned
      </h2>
      {error ? (
        <ApiErrorAlert
          error={error}
          title="The swap’s outcome could not be loaded"
          onRetry={() => void query.refetch()}
          className="mt-3"
        />
      ) : !query.data && query.isFetching ? (
        <LoadingState label="Loading what the swap earned…" />
      ) : !query.data || query.data.placements.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
          No song has been placed for this swap yet: its report starts with the first placement.
        </p>
      ) : (
        <Report outcome={query.data} partnerId={partnerId} partnerName={partnerName} />
      )}
    </section>
  );
}

function Report({
  outcome,
  partnerId,
  partnerName,
}: {
  outcome: TradeOutcome;
  partnerId: string;
  partnerName: string;
}) {
  const who = (id: string) => (id === partnerId ? partnerName : 'You');
  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-slate-600">
        {`${formatDay(outcome.startDay)} – ${formatDay(outcome.lastDay)}: day ${outcome.daysSoFar} of ${outcome.periodDays}.`}
      </p>
      <ul className="space-y-4">
        {outcome.placements.map((placement) => (
          <li
            key={placement.placementId}
            aria-label={`${placement.songName} in ${placement.playlistName}`}
            className="rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-medium text-slate-900">
                {placement.songName}
                <span className="font-normal text-slate-600">
                  {` in ${placement.playlistName} at #${placement.position}, placed by ${who(placement.placedById)}`}
                </span>
              </p>
              <span
                className={
                  placement.leftEarly
                    ? 'rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700'
                    : 'rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700'
                }
              >
                {placement.leftEarly ? 'Left early' : 'Still in place'}
              </span>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <Fact
                label="Days in place"
                value={`${placement.daysInPlace} of ${placement.daysChecked} checked`}
              />
              <Fact
                label="Followers"
                value={
                  placement.followers?.change != null
                    ? `${formatCount(placement.followers.atStart ?? 0)} → ${formatCount(placement.followers.atEnd ?? 0)}`
                    : 'Not counted'
                }
              />
              <Fact
                label="Trend before"
                value={
                  placement.followers?.trendPerDay != null
                    ? `${signed(Math.round(placement.followers.trendPerDay))} a day`
                    : 'Not enough history'
                }
              />
              <Fact
                label="Beyond trend"
                value={
                  placement.followers?.beyondTrend != null
                    ? signed(placement.followers.beyondTrend)
                    : '—'
                }
              />
            </dl>
            <OutcomeChart placement={placement} startDay={outcome.startDay} />
          </li>
        ))}
      </ul>
      <div className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <h3 className="font-medium text-slate-900">Streams</h3>
        <ul className="mt-1 space-y-0.5 text-slate-700">
          {outcome.streams.map((song) => (
            <li key={song.tradeSongId}>
              {`${song.songName} (${who(song.ownerId) === 'You' ? 'yours' : `${partnerName}’s`}): `}
              {song.streams === null ? 'not reported yet' : `${formatCount(song.streams)} streams`}
            </li>
          ))}
        </ul>
        {outcome.notReported.length > 0 && (
          <p className="mt-2 text-amber-700">
            {`Not reported yet by ${outcome.notReported.map((side) => (side.id === partnerId ? partnerName : 'you')).join(' and ')}. A reminder goes out when the period ends.`}
          </p>
        )}
      </div>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

const formatDay = (day: string) => format(parseISO(day), 'd MMM yyyy');

/**
 * The placing playlist's followers before and during the period (solid), its trend before
 * carried on through the period (dashed), the period shaded, and a strip below with each
 * checked day: green in place, amber moved, red gone.
 */
function OutcomeChart({ placement, startDay }: { placement: PlacementOutcome; startDay: string }) {
  const id = useId();
  const followers = placement.followers;
  const known = (followers?.history ?? []).filter(
    (point): point is { day: string; followers: number } => point.followers !== null,
  );
  const first = known[0];
  const last = known[known.length - 1];
  if (!followers || !first || !last || first.day === last.day) return null;
  const expectedEnd =
    followers.atStart !== null && followers.expectedChange !== null
      ? followers.atStart + followers.expectedChange
      : null;
  const values = known.map((point) => point.followers);
  if (expectedEnd !== null) values.push(expectedEnd);
  const axis = niceAxis(Math.min(...values), Math.max(...values));
  const total = Math.max(1, daysBetween(first.day, last.day));
  const x = (day: string) =>
    MARGIN.left + (Math.min(total, Math.max(0, daysBetween(first.day, day))) / total) * PLOT_WIDTH;
  const y = (value: number) =>
    MARGIN.top + PLOT_HEIGHT - ((value - axis.lo) / (axis.hi - axis.lo)) * PLOT_HEIGHT;
  const path = known
    .map(
      (point, index) =>
        `${index === 0 ? 'M' : 'L'}${x(point.day).toFixed(1)},${y(point.followers).toFixed(1)}`,
    )
    .join('');
  const periodX = x(startDay < first.day ? first.day : startDay);
  return (
    <figure className="mt-3">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full"
      >
        <title id={`${id}-title`}>{`Followers of ${placement.playlistName} around the swap`}</title>
        <desc id={`${id}-desc`}>
          {`${formatCount(followers.atStart ?? 0)} followers at the start, ${formatCount(followers.atEnd ?? 0)} at the end${
            followers.beyondTrend !== null
              ? `, ${signed(followers.beyondTrend)} beyond the trend before`
              : ''
          }. In place ${placement.daysInPlace} of ${placement.daysChecked} days checked.`}
        </desc>
        <rect
          x={periodX}
          y={MARGIN.top}
          width={Math.max(0, WIDTH - MARGIN.right - periodX)}
          height={PLOT_HEIGHT}
          className="text-brand-100"
          fill="currentColor"
          fillOpacity={0.5}
        />
        <g className="text-slate-400" fontSize="11" fill="currentColor">
          <ValueGridLines
            ticks={axis.ticks}
            left={MARGIN.left}
            right={WIDTH - MARGIN.right}
            y={y}
          />
          {[first.day, startDay, last.day].map((day, index) => (
            <text
              key={`${day}-${index}`}
              x={x(day)}
              y={HEIGHT - 8}
              textAnchor={index === 0 ? 'start' : index === 2 ? 'end' : 'middle'}
            >
              {shortDay(day)}
            </text>
          ))}
        </g>
        {expectedEnd !== null && followers.atStart !== null && (
          <line
            x1={periodX}
            x2={x(last.day)}
            y1={y(followers.atStart)}
            y2={y(expectedEnd)}
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
        />
        {placement.days.map((day) => (
          <rect
            key={day.day}
            x={x(day.day) - 3}
            y={HEIGHT + 4}
            width={6}
            height={10}
            rx={1.5}
            className={
              day.inPlace ? 'text-emerald-500' : day.inPlaylist ? 'text-amber-500' : 'text-red-500'
            }
            fill="currentColor"
          />
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-4 rounded bg-brand-600" /> Followers
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-0.5 w-4 border-t-2 border-dashed border-amber-500"
          />{' '}
          Trend before
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-emerald-500" /> In place
          <span aria-hidden="true" className="ml-2 size-2.5 rounded-sm bg-red-500" /> Gone
        </span>
      </figcaption>
    </figure>
  );
}
