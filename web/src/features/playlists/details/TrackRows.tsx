import {
  measureElement,
  useWindowVirtualizer,
  windowScroll,
  type Rect,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrating } from '../../../shared/lib/useHydrating';
import type { PlaylistItem } from '../playlistTypes';

/** From this many rows on, only the rows near the viewport are in the document. */
export const VIRTUAL_ROWS_FROM = 101;
/** A row with artwork and two lines of text; rows are measured once shown. */
const ESTIMATED_ROW_PX = 57;
/** Rows kept beyond each edge of the viewport, so keyboard users find the next one there. */
const OVERSCAN = 6;

/**
 * What a row gets in a virtualised body: its index among the body's rows (its aria-rowindex
 * is that + 2, the header row being 1) and the virtualiser's measuring ref (stable).
 */
export interface VirtualRowProps {
  index: number;
  measureRef: (element: HTMLTableRowElement | null) => void;
}

type RenderRow = (item: PlaylistItem, virtual?: VirtualRowProps) => ReactNode;

/**
 * The table body of the track table. Up to VIRTUAL_ROWS_FROM rows every row is rendered; a
 * longer playlist (Spotify allows 10,000) renders the rows in and near the viewport between
 * two spacer rows, so the page stays quick. The table keeps its semantics: it says how many
 * rows it has (aria-rowcount on the table, see `virtualRowCount`) and each row where it is
 * (aria-rowindex).
 */
export function TrackRows({ items, renderRow }: { items: PlaylistItem[]; renderRow: RenderRow }) {
  if (items.length < VIRTUAL_ROWS_FROM) {
    return (
      <tbody className="divide-y divide-slate-100">{items.map((item) => renderRow(item))}</tbody>
    );
  }
  return <VirtualTrackRows items={items} renderRow={renderRow} />;
}

/** aria-rowcount of the table (header included) when its body is virtualised, else none. */
export function virtualRowCount(rows: number): number | undefined {
  return rows >= VIRTUAL_ROWS_FROM ? rows + 1 : undefined;
}

function VirtualTrackRows({ items, renderRow }: { items: PlaylistItem[]; renderRow: RenderRow }) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Where the body starts on the page: the window scrolls, and the virtualiser counts from
  // the top of the document. Measured again whenever the page changes size (the parts above
  // the table load on their own).
  const [scrollMargin, setScrollMargin] = useState(0);
  // While React hydrates the server's markup the first render must be the server's: no window,
  // so no rows; the rows in view follow as soon as the window's size is observed.
  const hydrating = useHydrating();
  const [windowAtFirstRender] = useState(() => (hydrating ? undefined : windowAtStart()));
  // The virtualiser writes its offset to the window as the body mounts: the offset it read from
  // the window at the first render, so nothing moves, but Chromium lays the whole page out to
  // clamp the write, inside React's commit. That one write is left out; every write after the
  // mount's commit is made.
  const mounting = useRef(true);
  useEffect(() => {
    mounting.current = false;
  }, []);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const measure = () =>
      setScrollMargin(Math.round(body.getBoundingClientRect().top + window.scrollY));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
    scrollMargin,
    // The first render shows the rows the window holds (the library's default is an empty
    // window, so its first render showed the overscan only, and a second, inside React's
    // commit, the rest).
    initialRect: windowAtFirstRender?.rect,
    // Hydrated, the table starts where the window is: it hydrates when it comes into view
    // (lazyNearViewport), often with the window scrolled down to it.
    initialOffset: windowAtFirstRender?.scrollY ?? windowScrollY,
    observeElementRect: observeWindowSize,
    scrollToFn: (offset, options, instance) => {
      const toWhereItIs =
        mounting.current &&
        !options.adjustments &&
        offset === (windowAtFirstRender?.scrollY ?? windowScrollY());
      if (!toWhereItIs) windowScroll(offset, options, instance);
    },
    measureElement: measuredByObserver,
  });
  const shown = virtualizer.getVirtualItems();
  const first = shown[0];
  const last = shown[shown.length - 1];
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;

  return (
    <tbody ref={bodyRef} className="divide-y divide-slate-100" data-virtual-rows="">
      {before > 0 && <SpacerRow height={before} />}
      {shown.map((row) => {
        const item = items[row.index]!;
        return renderRow(item, { index: row.index, measureRef: virtualizer.measureElement });
      })}
      {after > 0 && <SpacerRow height={after} />}
    </tbody>
  );
}

const windowScrollY = () => (typeof window === 'undefined' ? 0 : window.scrollY);

/** The window's size and scroll position, which the virtualiser starts from; none on the server. */
function windowAtStart(): { rect: Rect; scrollY: number } | undefined {
  return typeof window === 'undefined'
    ? undefined
    : { rect: { width: window.innerWidth, height: window.innerHeight }, scrollY: window.scrollY };
}

/**
 * Follows the window's size for the virtualiser without reading it inside React's commit. The
 * library's own observer reads innerWidth and innerHeight as the body mounts, and on a phone (a
 * page with a viewport) Chromium lays the whole page out to answer them: taking over the page
 * of a 300-track playlist, that layout was most of the commit's longest task. The size starts
 * as the first render read it (initialRect); the window's resize event reports changes, and a
 * ResizeObserver's first report, after the browser's own layout, confirms the size once.
 */
function observeWindowSize(
  virtualizer: Virtualizer<Window, HTMLTableRowElement>,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const target = virtualizer.scrollElement;
  if (!target) return undefined;
  const reportSize = () => report({ width: target.innerWidth, height: target.innerHeight });
  target.addEventListener('resize', reportSize, { passive: true });
  const afterLayout = new ResizeObserver(() => {
    afterLayout.disconnect();
    reportSize();
  });
  afterLayout.observe(target.document.documentElement);
  return () => {
    target.removeEventListener('resize', reportSize);
    afterLayout.disconnect();
  };
}

/**
 * A row's height as the virtualiser's ResizeObserver reports it, after the browser's own layout;
 * until then what was measured before, or the estimate. The virtualiser's default also reads
 * each row's offsetHeight as the row mounts, which forced a layout of the whole page inside
 * React's commit, and again for each row after one whose height moved the others.
 */
function measuredByObserver(
  row: HTMLTableRowElement,
  entry: ResizeObserverEntry | undefined,
  virtualizer: Virtualizer<Window, HTMLTableRowElement>,
): number {
  if (entry) return measureElement(row, entry, virtualizer);
  const key = virtualizer.options.getItemKey(virtualizer.indexFromElement(row));
  return virtualizer.itemSizeCache.get(key) ?? ESTIMATED_ROW_PX;
}

/**
 * Stands in for the rows not rendered, so the scrollbar and the page length stay true. One cell:
 * a cell spanning every column put back into the table's grid the columns a phone hides (album,
 * duration), which then took most of the title's width.
 */
function SpacerRow({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" data-spacer="">
      <td style={{ height, padding: 0 }} />
    </tr>
  );
}
