/**
 * The app's side of a prerendered page (prerenderedPage.ts): what the visitor typed into the
 * prerendered screen is handed over to the app's own screen, which replaces the markup.
 */

const FIELDS = 'input, select, textarea';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Starts watching the prerendered screen's fields, to hand them over once the app's screen
 * has replaced them: `handOver`, called right after React's commit and before the browser
 * paints, puts what was typed into the app's fields (the same fields in the same order: the
 * same components rendered them) as if typed there, through the value setter React watches
 * and an input event, so that the screen's form state has them; the focus goes back to the
 * field that had it. The replaced fields still hold their values. Nothing is handed over when
 * the fields differ.
 */
export function watchPrerenderedFields(container: HTMLElement): { handOver(): void } {
  const before = [...container.querySelectorAll<Field>(FIELDS)];
  let focused = document.activeElement;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target as Element;
  };
  // Focus leaving for good (not because the app removed the field) forgets it.
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target as Element;
    queueMicrotask(() => {
      if (left.isConnected && focused === left) focused = null;
    });
  };
  container.addEventListener('focusin', onFocusIn);
  container.addEventListener('focusout', onFocusOut);
  return {
    handOver() {
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('focusout', onFocusOut);
      const after = [...container.querySelectorAll<Field>(FIELDS)];
      if (
        after.length !== before.length ||
        after.some((field, index) => field.type !== before[index]!.type)
      )
        return;
      after.forEach((field, index) => copyInto(field, before[index]!));
      const focusedIndex = before.findIndex((field) => field === focused);
      if (focusedIndex >= 0 && !container.contains(document.activeElement))
        after[focusedIndex]!.focus();
    },
  };
}

function copyInto(field: Field, typed: Field): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== (typed as HTMLInputElement).checked) field.click();
    return;
  }
  if (field.value === typed.value) return;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(
    field,
    typed.value,
  );
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Resolves once the router has its first matches and their data (and lazy screens). */
export function routerReady(router: {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
