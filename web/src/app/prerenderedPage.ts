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
 * Holds the prerendered forms' submits (a click on the button, Enter in a field) until the app
 * has taken them over, instead of letting the browser submit them natively (their fields carry
 * no names, so nothing would be sent, but the page would load again and lose what was typed).
 * The returned release, called once the app's screen has replaced the prerendered one and has
 * what was typed, submits the app's form in place of the last one held, so that the visitor's
 * click is answered, only later.
 */
export function holdPrerenderedSubmits(container: HTMLElement): () => void {
  let held: number | null = null;
  const hold = (event: Event) => {
    event.preventDefault();
    held = [...container.querySelectorAll('form')].indexOf(event.target as HTMLFormElement);
  };
  container.addEventListener('submit', hold, true);
  return () => {
    container.removeEventListener('submit', hold, true);
    const form = held === null ? undefined : container.querySelectorAll('form')[held];
    // After React's commit is over: the app's handlers answer it.
    if (form) setTimeout(() => form.requestSubmit());
  };
}
