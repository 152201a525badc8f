import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/useDocumentTitle';
import { buttonClassName } from '../../shared/ui/Button';
import { EmptyState } from '../../shared/ui/EmptyState';
import { SwapIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/PageHeader';

/** /songswap/:tradeId */
export function TradeDetailsScreen() {
  useDocumentTitle('Song swap');
  return (
    <>
      <PageHeader title="Song swap" />
      <EmptyState
        icon={<SwapIcon className="size-6" />}
        title="This song swap is not among your swaps"
        action={
          <Link to="/songswap" className={buttonClassName({ variant: 'secondary' })}>
            Back to Song Swaps
          </Link>
        }
      >
        A swap shows both curators’ songs, who approved what, where each song is placed and the
        daily record of the placements. You have no swaps yet.
      </EmptyState>
    </>
  );
}
