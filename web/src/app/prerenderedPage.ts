import { PRERENDERED_ATTRIBUTE } from '../../../common/build/prerenderedScreens';

/**
 * A page whose root holds a screen rendered at build time (docs/ARCHITECTURE.md, "Prerendered
 * screens"), not the boot screen: the visitor may type into it before the app has loaded
 * (what they typed is handed over by prerenderedHandover.ts).
 */
export function isPrerendered(container: HTMLElement): boolean {
  return container.hasAttribute(PRERENDERED_ATTRIBUTE);
}

/** Marks the root as the app's from now on: its screen has replaced the prerendered one. */
export function handedOver(container: HTMLElement): void {
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
}

/**
 * Holds what the visitor does on a prerendered screen that only the app can answer, until the
 * app has taken it over: a form's submit (a click on its button, Enter in a field), which the
 * browser would otherwise submit natively (the fields carry no names, so nothing would be
 * sent, but the page would load again and lose what was typed), and a click on any other button
 * (Open a swap, the account menu), which the markup alone cannot answer and which would be lost.
 * Links are left alone: following one before the app is there is an ordinary page load.
 *
 * The returned release, called once the app's screen has replaced the prerendered one and has
 * what was typed, does the last action held again on the app's own elements: it submits the
 * app's form in place of the form held, or clicks the app's button with the same name in the
 * same place among those so named, so the visitor's click is answered, only later.
 */
export function holdPrerenderedActions(container: HTMLElement): () => void {
  let held: (() => void) | null = null;
  const holdSubmit = (event: Event) => {
    event.preventDefault();
    const index = [...container.querySelectorAll('form')].indexOf(event.target as HTMLFormElement);
    held = () => container.querySelectorAll('form')[index]?.requestSubmit();
  };
  const holdClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.('button');
    // A form's own button submits it: the submit is held instead.
    if (!button || !container.contains(button) || (button.type === 'submit' && button.form)) return;
    event.preventDefault();
    event.stopPropagation();
    const name = nameOf(button);
    const index = buttonsNamed(container, name).indexOf(button);
    held = () => buttonsNamed(container, name)[index]?.click();
  };
  container.addEventListener('submit', holdSubmit, true);
  container.addEventListener('click', holdClick, true);
  return () => {
    container.removeEventListener('submit', holdSubmit, true);
    container.removeEventListener('click', holdClick, true);
    const action = held;
    // After React's commit is over: the app's handlers answer it.
    if (action) setTimeout(action);
  };
}

/** A button's name as a visitor knows it: its label, else its text. */
function nameOf(button: HTMLButtonElement): string {
  return (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
}

function buttonsNamed(container: HTMLElement, name: string): HTMLButtonElement[] {
  return [...container.querySelectorAll('button')].filter((button) => nameOf(button) === name);
}
