import { Suspense, useState } from 'react';
import { lazyComponent } from '../../../shared/lib/lazyLoad';
import { Button } from '../../../shared/ui/Button';
import { useOpenedOnce } from '../../../shared/ui/useOpenedOnce';
import type { ChosenTrader, Trade } from '../tradeTypes';

/**
 * The dialog's code (Radix Dialog, the form, the catalog and network reads) is no part of the
 * Song Swaps screen's start: it loads when the dialog is first opened.
 */
const OpenSwapPanel = lazyComponent(() => import('./OpenSwapPanel'), 'OpenSwapPanel');

/**
 * "Open a swap": a curator, a period from the plan, an optional start date and songs. Opened
 * from a profile (`initialTrader`), it starts open with that curator chosen.
 */
export function OpenSwapDialog({
  onOpened,
  initialTrader = null,
}: {
  onOpened: (trade: Trade) => void;
  initialTrader?: ChosenTrader | null;
}) {
  const [open, setOpen] = useState(initialTrader !== null);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        Open a swap
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <OpenSwapPanel
            open={open}
            onOpenChange={setOpen}
            onOpened={onOpened}
            initialTrader={initialTrader}
          />
        </Suspense>
      )}
    </>
  );
}
