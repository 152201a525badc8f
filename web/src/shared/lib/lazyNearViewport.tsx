import {
  lazy,
  memo,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { loadOrSendToRoot } from './loadOrSendToRoot';
import { useHydrating } from './useHydrating';

/**
 * React.lazy for a part of a screen below the first view: its code loads when the part first
 * comes into the viewport or something in it takes the focus, so a page's start-up loads and
 * runs only the code of what is on screen (docs/first-load.md, "Parts below the first view").
 *
 * The server renders the part in full. In the browser its markup stays as the server wrote it,
 * readable and in the accessibility tree, until its code has loaded and React has hydrated it;
 * until then it takes no pointer events, so a press cannot land on a button React does not
 * yet handle (React drops a press on a part it cannot hydrate yet). Rendered on a client-side
 * navigation, the part's code loads at once, and `fallback` shows until it is there.
 */
export function lazyNearViewport<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  exportName: K,
) {
  let near: () => void = () => {};
  const comesNear = new Promise<void>((resolve) => {
    near = resolve;
  });
  // Without an IntersectionObserver (the server) there is no knowing when the part is in view.
  if (typeof IntersectionObserver === 'undefined') near();
  const Part = lazy<ComponentType<P>>(async () => {
    await comesNear;
    return { default: (await loadOrSendToRoot(load))[exportName] };
  });

  function NearViewport(props: P & { fallback: ReactNode }) {
    const box = useRef<HTMLDivElement>(null);
    // Whether this part came with the server's page (it is hydrated) or is rendered here.
    const hydrating = useHydrating();
    const [fromServer] = useState(hydrating);
    const [hydrated, setHydrated] = useState(false);
    useEffect(() => {
      const element = box.current;
      if (!fromServer) near();
      if (!element || hydrated || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) near();
      });
      observer.observe(element);
      // Heard on the document as it goes down: React stops a focus inside a part it cannot
      // hydrate yet at its root, before it reaches the part.
      const focused = (event: FocusEvent) => {
        if (element.contains(event.target as Node)) near();
      };
      document.addEventListener('focusin', focused, true);
      return () => {
        observer.disconnect();
        document.removeEventListener('focusin', focused, true);
      };
    }, [fromServer, hydrated]);
    // The same element while the props are: a boundary still waiting to hydrate that is given
    // anything new is rendered afresh in the browser, its server markup dropped for the fallback.
    const part = useMemo(() => {
      const { fallback, ...partProps } = props;
      return (
        <Suspense fallback={fallback}>
          <Part {...(partProps as P)} />
          <OnMount done={setHydrated} />
        </Suspense>
      );
    }, [props]);
    return (
      <div ref={box} className={hydrated ? undefined : 'pointer-events-none'}>
        {part}
      </div>
    );
  }
  // A new fallback alone (an element made at each render of the screen) is no change.
  return memo(NearViewport, (before, after) =>
    Object.keys({ ...before, ...after }).every(
      (key) => key === 'fallback' || Object.is(before[key as keyof P], after[key as keyof P]),
    ),
  );
}

/** Tells the part's box that the part is in the page and handled by React. */
function OnMount({ done }: { done: (value: true) => void }) {
  useEffect(() => done(true), [done]);
  return null;
}
