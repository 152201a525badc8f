import { act, render, screen, waitFor } from '@testing-library/react';
import { startTransition, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** An IntersectionObserver the test drives: `report(true)` says every observed box is in view. */
class TestIntersectionObserver {
  static all: TestIntersectionObserver[] = [];
  private readonly observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestIntersectionObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.observed.length = 0;
  }
  static report(isIntersecting: boolean) {
    for (const observer of TestIntersectionObserver.all)
      observer.callback(
        observer.observed.map(
          (target) => ({ target, isIntersecting }) as IntersectionObserverEntry,
        ),
        observer as unknown as IntersectionObserver,
      );
  }
}

function Tracks({ name }: { name: string }) {
  return <button type="button">{`Remove ${name}`}</button>;
}

/** What the server writes for the part (renderPage): in place, in its Suspense boundary. */
const SERVER_MARKUP =
  '<div class="pointer-events-none"><!--$--><button type="button">Remove Intro</button><!--/$--></div>';

/** A part made afresh (the module keeps whether its part came near), with its load counted. */
async function freshPart() {
  vi.resetModules();
  const { lazyNearViewport } = await import('./lazyNearViewport');
  const load = vi.fn(async () => ({ Tracks }));
  return { Part: lazyNearViewport(load, 'Tracks'), load };
}

/** Hydrates the server's markup as the app does (app/start.tsx): in a transition. */
async function hydrate(element: ReactNode): Promise<{ container: HTMLElement; root: Root }> {
  const container = document.createElement('div');
  container.innerHTML = SERVER_MARKUP;
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => startTransition(() => void (root = hydrateRoot(container, element))));
  return { container, root: root! };
}

beforeEach(() => {
  TestIntersectionObserver.all = [];
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('a part of a screen that loads near the viewport', () => {
  it('keeps the server’s markup, taking no presses, until it comes into view; then hydrates it', async () => {
    const { Part, load } = await freshPart();
    const { container, root } = await hydrate(<Part fallback="…" name="Intro" />);
    const serverButton = container.querySelector('button');
    try {
      expect(serverButton).not.toBeNull();
      expect(load).not.toHaveBeenCalled();
      expect(container.firstElementChild).toHaveClass('pointer-events-none');
      TestIntersectionObserver.report(false);
      expect(load).not.toHaveBeenCalled();

      await act(async () => TestIntersectionObserver.report(true));
      expect(load).toHaveBeenCalledTimes(1);
      await waitFor(() =>
        expect(container.firstElementChild).not.toHaveClass('pointer-events-none'),
      );
      // Hydrated, not replaced.
      expect(container.querySelector('button')).toBe(serverButton);
    } finally {
      act(() => root.unmount());
    }
  });

  it('keeps the server’s markup while the screen renders it again with the same props', async () => {
    const { Part, load } = await freshPart();
    const { container, root } = await hydrate(<Part fallback="…" name="Intro" />);
    try {
      // The screen renders again (a new fallback element each time): no new props for the part.
      await act(async () => root.render(<Part fallback={<span>…</span>} name="Intro" />));
      expect(container.querySelector('button')).toHaveTextContent('Remove Intro');
      expect(load).not.toHaveBeenCalled();
    } finally {
      act(() => root.unmount());
    }
  });

  it('loads when something in it takes the focus before it is in view', async () => {
    const { Part, load } = await freshPart();
    const { container, root } = await hydrate(<Part fallback="…" name="Intro" />);
    try {
      expect(load).not.toHaveBeenCalled();
      await act(async () => container.querySelector('button')!.focus());
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      act(() => root.unmount());
    }
  });

  it('loads at once when rendered in the browser, showing the fallback until it is there', async () => {
    const { Part, load } = await freshPart();
    render(<Part fallback="Loading the tracks…" name="Intro" />);
    expect(screen.getByText('Loading the tracks…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove Intro' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
