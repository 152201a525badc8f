import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { Plan } from '../../../../common/domain/planCatalog.js';
import type { DisplayError } from '../../shared/api/displayError';
import { planTitle } from '../../shared/lib/planTitle';
import type { FeatureFlags } from '../../shared/state/featureFlags';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { cn } from '../../shared/ui/cn';
import {
  CheckIcon,
  DiscoveryIcon,
  DuplicateIcon,
  type IconComponent,
  LockIcon,
  MinusIcon,
  PlaylistIcon,
  SparkIcon,
  SwapIcon,
} from '../../shared/ui/icons';
import {
  CURRENT_PLAN_TEXT,
  planActionText,
  planBusyText,
  type PaidPlan,
  type PlanMark,
} from './planChooserRules';
import {
  FEATURE_CARDS,
  featureHeadline,
  otherListedFeatures,
  type FeatureCardKey,
} from './planFeatureCards';
import { PlanMarkBadge } from './PlanMarkBadge';

const CARD_ICONS: Record<FeatureCardKey, IconComponent> = {
  discovery: DiscoveryIcon,
  trades: SwapIcon,
  playlists: PlaylistIcon,
  playlistDuplications: DuplicateIcon,
  locks: LockIcon,
  prerelease: SparkIcon,
};

/** The plan's colour as a CSS variable, so Tailwind classes can use it (text-(--plan)). */
export function planColorStyle(plan: Plan): CSSProperties {
  return { '--plan': plan.color } as CSSProperties;
}

/** One plan in the chooser: its price, the six feature cards, the rest, and what to do. */
export function PlanPanel({
  plan,
  mark,
  isCurrent,
  paidUser,
  flags,
  pendingPlan,
  error,
  onChoose,
  onLeave,
}: {
  plan: Plan;
  mark: PlanMark | null;
  isCurrent: boolean;
  /** Already on a paid plan: switching happens at once. */
  paidUser: boolean;
  flags: FeatureFlags;
  /** The plan being bought or switched to, while the request runs. */
  pendingPlan: PaidPlan | null;
  error: DisplayError | null;
  onChoose: (plan: PaidPlan) => void;
  /** Called when a link leaves the chooser for another screen. */
  onLeave: () => void;
}) {
  const title = planTitle(plan.name);
  const others = otherListedFeatures(plan.features, flags);

  return (
    <article
      aria-labelledby={`plan-${plan.name}-title`}
      style={planColorStyle(plan)}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="h-1.5 bg-(--plan)" />
      <div className="p-6 sm:p-8">
        <header className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem] lg:items-start">
          <div>
            <div className="flex flex-wrap items-center gap-3">
              <h3
                id={`plan-${plan.name}-title`}
                className="text-xl font-semibold tracking-tight text-slate-900"
              >
                {title} Plan
              </h3>
              {mark && <PlanMarkBadge mark={mark} />}
            </div>
            <p className="mt-2 max-w-xl text-sm text-slate-600">{plan.description}</p>
            <p className="mt-4 text-slate-900">
              <span className="text-4xl font-bold tracking-tight">${plan.price}</span>
              <span className="ml-1 text-sm text-slate-500">/month</span>
            </p>
          </div>
          <div className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200/70 ring-inset">
            {isCurrent ? (
              <>
                <p className="flex items-center gap-2 font-medium text-emerald-700">
                  <CheckIcon className="size-5 shrink-0" />
                  {CURRENT_PLAN_TEXT}
                </p>
                <Link
                  to="/profile/billing"
                  onClick={onLeave}
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  Billing and invoices
                </Link>
              </>
            ) : plan.name === 'free' ? (
              <p className="text-sm text-slate-600">
                {paidUser ? (
                  <>
                    Free is where a cancelled plan ends. You can cancel yours in{' '}
                    <Link
                      to="/profile/billing"
                      onClick={onLeave}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      Billing and invoices
                    </Link>
                    .
                  </>
                ) : (
                  'Free is where your account goes when the trial ends without a plan.'
                )}
              </p>
            ) : (
              <>
                <Button
                  fullWidth
                  className="h-11"
                  busy={pendingPlan === plan.name}
                  busyLabel={planBusyText(paidUser)}
                  disabled={pendingPlan !== null}
                  onClick={() => plan.name !== 'free' && onChoose(plan.name)}
                >
                  {planActionText(plan, paidUser)}
                </Button>
                <p className="text-xs text-slate-500">
                  {paidUser
                    ? 'Your plan changes at once; the prorated difference for the rest of this billing period is charged or credited.'
                    : 'You enter your card on Stripe’s secure checkout page. Cancel at any time from Your Profile.'}
                </p>
              </>
            )}
          </div>
        </header>

        {error && (
          <ApiErrorAlert error={error} title="Your plan was not changed" className="mt-6" />
        )}

        <ul
          aria-label={`${title} plan features`}
          className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {FEATURE_CARDS.map(({ title: cardTitle, key }) => {
            const entry = plan.features[key];
            const Icon = CARD_ICONS[key];
            return (
              <li
                key={key}
                aria-label={cardTitle}
                className={cn(
                  'rounded-xl border p-4',
                  entry.enabled
                    ? 'border-slate-200 bg-white'
                    : 'border-dashed border-slate-200 bg-slate-50',
                )}
              >
                <div className="flex items-center gap-3">
                  <span
                    className={cn(
                      'flex size-9 shrink-0 items-center justify-center rounded-lg',
                      entry.enabled
                        ? 'bg-[color-mix(in_srgb,var(--plan)_12%,white)] text-(--plan)'
                        : 'bg-slate-100 text-slate-400',
                    )}
                  >
                    <Icon className="size-5" />
                  </span>
                  <h4
                    className={cn(
                      'text-sm font-semibold',
                      entry.enabled ? 'text-slate-900' : 'text-slate-500',
                    )}
                  >
                    {cardTitle}
                  </h4>
                </div>
                <p
                  className={cn(
                    'mt-3 text-2xl font-semibold tracking-tight',
                    entry.enabled ? 'text-slate-900' : 'text-base text-slate-400',
                  )}
                >
                  {featureHeadline(key, entry)}
                </p>
                {entry.enabled && (
                  <p className="mt-1 text-sm text-slate-600">{entry.description}</p>
                )}
              </li>
            );
          })}
        </ul>

        {others.length > 0 && (
          <>
            <h4 className="mt-8 text-sm font-semibold text-slate-900">Also included</h4>
            <ul className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
              {others.map(({ key, entry }) => (
                <li key={key} className="flex items-start gap-2 text-sm text-slate-700">
                  {entry.enabled ? (
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-(--plan)" />
                  ) : (
                    <MinusIcon className="mt-0.5 size-4 shrink-0 text-slate-400" />
                  )}
                  {entry.description}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </article>
  );
}
