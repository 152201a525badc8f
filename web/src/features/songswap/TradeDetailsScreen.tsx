import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toDisplayError } from '../../shared/api/displayError';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { selectFeatureFlag } from '../../shared/state/appSlice';
import { useAppDispatch, useAppSelector } from '../../shared/state/hooks';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button, buttonClassName } from '../../shared/ui/Button';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../shared/ui/EmptyState';
import { ChevronRightIcon, MessengerIcon, SwapIcon } from '../../shared/ui/icons';
import { LoadingState } from '../../shared/ui/LoadingState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { TextAreaField } from '../../shared/ui/TextAreaField';
import { CLOSE_REASON_MAX } from '../../../../common/api/trades/limits.js';
import { UserAvatar } from '../shell';
import { AddSongsDialog } from './components/AddSongsDialog';
import { StatusBadge } from './components/TradesTable';
import { TradeSongCard } from './components/TradeSongCard';
import { hasAccepted, songsOf } from './tradeRules';
import { OutcomeReport } from './components/OutcomeReport';
import { useAcceptTradeMutation, useDeleteTradeMutation, useTradeInfoQuery } from './tradesApi';
import { tradeSelected } from './tradesUiSlice';
import { formatTradeDate, periodText, streamsText, traderName } from './tradeText';
import type { Trade } from './tradeTypes';

const BACK_TO_LIST = (
  <Link to="/songswap" className={buttonClassName({ variant: 'secondary' })}>
    Back to Song Swaps
  </Link>
);

/** /songswap/:tradeId */
export function TradeDetailsScreen() {
  const { tradeId = '' } = useParams();
  const dispatch = useAppDispatch();
  const info = useTradeInfoQuery({ tradeId }, { refetchOnMountOrArgChange: true });
  // The current trade: this swap's cache entry (the one of another swap
  // shows until this one's arrives).
  const current = info.data?.trade.id === tradeId ? info.data : null;
  const deleted = current?.deleted ?? false;
  const trade = current && !deleted ? current.trade : null;
  const tradeHistory = useAppSelector(selectFeatureFlag('tradeHistory'));
  const loadError = toDisplayError(info.error);
  useDocumentTitle(trade ? `Song swap with ${traderName(trade.trader.name)}` : 'Song swap');

  // The saved selection: the list shows this swap as the one last opened.
  useEffect(() => {
    if (tradeId) dispatch(tradeSelected(tradeId));
  }, [dispatch, tradeId]);

  if (trade) {
    // A completed swap is trade history, behind the tradeHistory flag (docs/decisions.md, "Trade history is behind its flag").
    if (trade.status === 'completed' && !tradeHistory) return <TradeHistoryOff />;
    return <TradeDetails trade={trade} />;
  }
  if (deleted && current) {
    return <TradeDeleted trade={current.trade} reason={current.deletedReason} />;
  }
  if (loadError?.status === 404 || loadError?.code === 'VALIDATION_FAILED') {
    return (
      <>
        <PageHeader title="Song swap" />
        <EmptyState
          icon={<SwapIcon className="size-6" />}
          title="This song swap is not among your swaps"
          action={BACK_TO_LIST}
        >
          A swap shows both curators’ songs, who approved what, where each song is placed and the
          daily record of the placements. Only its two curators can see it.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader title="Song swap" />
      {loadError ? (
        <ApiErrorAlert
          error={loadError}
          title="This song swap could not be loaded"
          onRetry={() => void info.refetch()}
        />
      ) : (
        <LoadingState label="Loading the song swap…" />
      )}
    </>
  );
}

/**
 * The swap is gone. Gone by the other trader's hand, it says who and how (declined, when they
 * were asked and it was still pending; deleted otherwise) and the reason they gave.
 */
function TradeDeleted({ trade, reason }: { trade: Trade; reason: string | null | undefined }) {
  const other = traderName(trade.trader.name);
  const byOther = reason !== undefined;
  const declined = byOther && trade.status === 'pending' && trade.traderTwoId === trade.traderId;
  return (
    <>
      <PageHeader title="Song swap" />
      <EmptyState
        icon={<SwapIcon className="size-6" />}
        title={
          !byOther
            ? 'This song swap was deleted'
            : declined
              ? `${other} declined this song swap`
              : `${other} deleted this song swap`
        }
        action={BACK_TO_LIST}
      >
        {byOther && (
          <span className="mb-2 block" data-testid="close-reason">
            {reason ? `Their reason: “${reason}”` : 'They gave no reason.'}
          </span>
        )}
        It was deleted before its period started, so no songs are placed for it.
      </EmptyState>
    </>
  );
}

function TradeHistoryOff() {
  return (
    <>
      <PageHeader title="Song swap" />
      <EmptyState
        icon={<SwapIcon className="size-6" />}
        title="Swap history is not available"
        action={BACK_TO_LIST}
      >
        This swap is completed, and completed swaps are not shown here at the moment.
      </EmptyState>
    </>
  );
}

function TradeDetails({ trade }: { trade: Trade }) {
  const navigate = useNavigate();
  const messengerEnabled = useAppSelector(selectFeatureFlag('messenger'));
  const other = traderName(trade.trader.name);
  const mineAccepted = hasAccepted(trade, 'user');
  const theirsAccepted = hasAccepted(trade, 'trader');
  const [accept, accepting] = useAcceptTradeMutation();
  const [deleteTrade, deleting] = useDeleteTradeMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [reason, setReason] = useState('');
  // Asked and not yet agreed: the curator it was opened with declines it; otherwise it is deleted.
  const declining = trade.status === 'pending' && trade.traderTwoId === trade.userId;
  const acceptError = toDisplayError(accepting.error);
  const deletable = trade.status === 'pending' || trade.status === 'scheduled';
  const theirSongs = songsOf(trade, 'trader');
  const mySongs = songsOf(trade, 'user');

  const onDelete = async () => {
    const result = await deleteTrade({
      tradeId: trade.id,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    });
    if (!('error' in result)) void navigate('/songswap');
  };

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-3 text-sm">
        <Link to="/songswap" className="font-medium text-brand-700 hover:underline">
          Song Swaps
        </Link>
        <ChevronRightIcon className="mx-1 inline size-4 text-slate-400" aria-hidden="true" />
        <span className="text-slate-600">{other}</span>
      </nav>
      <PageHeader
        title={`Song swap with ${other}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={trade.status} />
            <span>{periodText(trade.periodDays)}</span>
          </span>
        }
        actions={
          <>
            {messengerEnabled && (
              <Link
                to={
                  trade.conversationId
                    ? `/messenger/${trade.conversationId}`
                    : `/messenger?with=${encodeURIComponent(trade.traderId)}`
                }
                className={buttonClassName({ variant: 'secondary' })}
              >
                <MessengerIcon className="size-4" />
                Message {other}
              </Link>
            )}
            {deletable && (
              <Button variant="secondary" onClick={() => setConfirmingDelete(true)}>
                {declining ? 'Decline swap' : 'Delete swap'}
              </Button>
            )}
            {trade.status !== 'completed' && (
              <Button
                busy={accepting.isLoading}
                busyLabel="Accepting…"
                disabled={mineAccepted}
                onClick={() => void accept({ tradeId: trade.id })}
              >
                {mineAccepted ? 'You accepted' : 'Accept swap'}
              </Button>
            )}
          </>
        }
      />
      {acceptError && (
        <ApiErrorAlert
          error={acceptError}
          title="The swap could not be accepted"
          className="mb-4"
        />
      )}

      {trade.pitch && <TradePitch trade={trade} pitch={trade.pitch} />}

      <TradeSummary trade={trade} mineAccepted={mineAccepted} theirsAccepted={theirsAccepted} />

      {trade.status === 'pending' && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-3">
          <p className="text-sm text-slate-600">
            While the swap is pending either of you can add or remove songs; every change asks both
            of you to accept again.
          </p>
          <AddSongsDialog trade={trade} />
        </div>
      )}

      {(trade.status === 'accepted' || trade.status === 'completed') && (
        <OutcomeReport tradeId={trade.id} partnerId={trade.traderId} partnerName={other} />
      )}

      <div className="mt-8 grid grid-cols-1 gap-8 xl:grid-cols-2">
        <SongsSection
          title="Songs you place"
          description={`${other}’s songs: approve them and place them in your playlists.`}
          empty={`No songs of ${other}’s in this swap yet.`}
        >
          {theirSongs.map((tradeSong) => (
            <TradeSongCard key={tradeSong.id} trade={trade} tradeSong={tradeSong} role="placer" />
          ))}
        </SongsSection>
        <SongsSection
          title="Your songs"
          description={`${other} approves and places these; you report their streams.`}
          empty="None of your songs are in this swap yet."
        >
          {mySongs.map((tradeSong) => (
            <TradeSongCard key={tradeSong.id} trade={trade} tradeSong={tradeSong} role="owner" />
          ))}
        </SongsSection>
      </div>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={declining ? 'Decline this song swap?' : 'Delete this song swap?'}
        confirmLabel={declining ? 'Decline swap' : 'Delete swap'}
        busyLabel={declining ? 'Declining…' : 'Deleting…'}
        busy={deleting.isLoading}
        error={toDisplayError(deleting.error)}
        onConfirm={() => void onDelete()}
      >
        The swap with {other} and its songs go for both of you. Songs already placed stay in their
        playlists.
        <TextAreaField
          label={`Reason for ${other} (optional)`}
          className="mt-4"
          name="reason"
          rows={2}
          maxLength={CLOSE_REASON_MAX}
          hint={`${other} sees it. ${reason.length}/${CLOSE_REASON_MAX} characters, plain text.`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </ConfirmDialog>
    </>
  );
}

function SongsSection({
  title,
  description,
  empty,
  children,
}: {
  title: string;
  description: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section aria-label={title}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      {children.length > 0 ? (
        <ul className="mt-3 space-y-3">{children}</ul>
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
          {empty}
        </p>
      )}
    </section>
  );
}

/** The period and its dates, each side's acceptance and the streams. */
function TradeSummary({
  trade,
  mineAccepted,
  theirsAccepted,
}: {
  trade: Trade;
  mineAccepted: boolean;
  theirsAccepted: boolean;
}) {
  const other = traderName(trade.trader.name);
  const start = trade.startDate ?? trade.requestedStartDate;
  return (
    <section
      aria-label="Swap summary"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <dl className="grid grid-cols-1 gap-x-8 gap-y-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <SummaryItem label="Period">{periodText(trade.periodDays)}</SummaryItem>
        <SummaryItem label="Start date">
          {start ? formatTradeDate(start) : 'When both accept'}
          {!trade.startDate && trade.requestedStartDate && (
            <span className="block text-xs text-slate-500">asked for</span>
          )}
        </SummaryItem>
        <SummaryItem label="End date">
          {trade.endDate
            ? formatTradeDate(trade.endDate)
            : `${periodText(trade.periodDays)} after the start`}
        </SummaryItem>
        <SummaryItem label="Opened">{formatTradeDate(trade.createdAt)}</SummaryItem>
        <SummaryItem label="Your acceptance">
          <Acceptance accepted={mineAccepted} />
        </SummaryItem>
        <SummaryItem label={`${other}’s acceptance`}>
          <span className="flex items-center gap-2">
            <UserAvatar
              user={{
                name: other,
                userProfilePicture: trade.trader.userProfilePicture,
                images: [],
              }}
              className="size-6"
            />
            <Acceptance accepted={theirsAccepted} />
          </span>
        </SummaryItem>
        <SummaryItem label="Streams">{streamsText(trade.streams)}</SummaryItem>
        <SummaryItem label="Songs">
          Yours: {trade.userTracks.length} · Theirs: {trade.traderTracks.length}
        </SummaryItem>
      </dl>
    </section>
  );
}

function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

function Acceptance({ accepted }: { accepted: boolean }) {
  return accepted ? (
    <span className="font-medium text-emerald-700">Accepted</span>
  ) : (
    <span className="text-slate-600">Not yet</span>
  );
}

/** The opener's note, at the top of the swap: theirs to read, or the viewer's own. */
function TradePitch({ trade, pitch }: { trade: Trade; pitch: string }) {
  const mine = trade.traderOneId === trade.userId;
  return (
    <figure
      aria-label="Pitch"
      className="mb-6 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3"
    >
      <figcaption className="text-xs font-semibold tracking-wide text-brand-800 uppercase">
        {mine ? 'Your pitch' : `Pitch from ${traderName(trade.trader.name)}`}
      </figcaption>
      <blockquote className="mt-1 text-sm whitespace-pre-line text-slate-800">{pitch}</blockquote>
    </figure>
  );
}
