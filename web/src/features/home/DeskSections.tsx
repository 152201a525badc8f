import { Link } from 'react-router';
import type { OutputOf } from '../../../../common/api/contract.js';
import type { homeActions } from '../../../../common/api/home/actions.js';
import { Card } from '../../shared/ui/Card';
import { FollowerSparkline } from './FollowerSparkline';
import { changeText, comingUpText, dayText, todoLines } from './deskText';
import { formatCount } from '../../shared/lib/formatCount';

type Desk = OutputOf<typeof homeActions.desk>;

const sectionTitle = 'mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase';

/** The to-dos with counts, each a link to where it is done; the plan's state beside them. */
export function TodoSection({ desk, now }: { desk: Desk; now: Date }) {
  const lines = todoLines(desk.todo);
  const trialDays = desk.plan.trialEndsAt
    ? Math.max(
        0,
        Math.ceil((new Date(desk.plan.trialEndsAt).getTime() - now.getTime()) / 86_400_000),
      )
    : null;
  return (
    <section aria-labelledby="desk-todo">
      <h2 id="desk-todo" className={sectionTitle}>
        Needs you
      </h2>
      {lines.length === 0 ? (
        <Card className="p-5 text-sm text-slate-600">Nothing waits for you. All caught up.</Card>
      ) : (
        <ul aria-label="To do" className="grid gap-3 sm:grid-cols-2">
          {lines.map((line) => (
            <li key={line.key}>
              <Link
                to={line.to}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-200 hover:shadow-md"
              >
                <span
                  data-testid={`todo-${line.key}`}
                  className="flex h-9 min-w-9 items-center justify-center rounded-full bg-brand-50 px-2 text-base font-semibold text-brand-700"
                >
                  {line.count}
                </span>{' '}
                <span className="text-sm font-medium text-slate-900">{line.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {desk.plan.plan === 'trial' && trialDays !== null ? (
          <>
            Your trial ends in {trialDays} {trialDays === 1 ? 'day' : 'days'}.{' '}
            <Link to="/account/upgrade" className="font-medium text-brand-700 underline">
              Choose a plan
            </Link>
          </>
        ) : (
          <>
            You are on the{' '}
            <span className="font-medium capitalize text-slate-900">{desk.plan.plan}</span> plan.{' '}
            <Link to="/profile/billing" className="font-medium text-brand-700 underline">
              Plan and billing
            </Link>
          </>
        )}
      </p>
    </section>
  );
}

/** The next 14 days: swap starts and ends, scheduled removals, releases; to the schedule. */
export function ComingUpSection({ desk, today }: { desk: Desk; today: string }) {
  return (
    <section aria-labelledby="desk-coming-up">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="desk-coming-up" className={sectionTitle.replace('mb-3 ', '')}>
          Coming up
        </h2>
        <Link to="/schedule" className="text-sm font-medium text-brand-700 underline">
          Full schedule
        </Link>
      </div>
      {desk.comingUp.length === 0 ? (
        <Card className="p-5 text-sm text-slate-600">Nothing in the next 14 days.</Card>
      ) : (
        <Card className="divide-y divide-slate-100">
          <ul aria-label="Coming up">
            {desk.comingUp.map((entry, index) => (
              <li key={`${entry.kind}-${entry.link}-${entry.title}-${index}`}>
                <Link
                  to={entry.link}
                  className="flex items-baseline gap-3 px-4 py-3 text-sm hover:bg-slate-50"
                >
                  <span className="w-24 shrink-0 font-medium text-slate-600">
                    {dayText(entry.day, today)}
                  </span>
                  <span className="min-w-0 break-words text-slate-900">{comingUpText(entry)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

/** Each managed playlist: followers now, the 30-day change and a small chart. */
export function PlaylistsSection({ desk }: { desk: Desk }) {
  return (
    <section aria-labelledby="desk-playlists">
      <h2 id="desk-playlists" className={sectionTitle}>
        Your playlists
      </h2>
      {desk.playlists.length === 0 ? (
        <Card className="p-5 text-sm text-slate-600">
          No managed playlists yet.{' '}
          <Link to="/playlists" className="font-medium text-brand-700 underline">
            Add one
          </Link>
        </Card>
      ) : (
        <Card>
          <ul aria-label="Your playlists" className="divide-y divide-slate-100">
            {desk.playlists.map((playlist) => (
              <li key={playlist.id} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900">{playlist.name}</p>
                  <p className="text-xs text-slate-600">
                    {playlist.followers === null
                      ? 'Followers unknown'
                      : `${formatCount(playlist.followers)} followers`}
                    {playlist.change !== null && (
                      <span
                        className={
                          playlist.change < 0 ? 'ml-2 text-rose-700' : 'ml-2 text-emerald-700'
                        }
                      >
                        {changeText(playlist.change)} in 30 days
                      </span>
                    )}
                  </p>
                </div>
                <FollowerSparkline series={playlist.series} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
