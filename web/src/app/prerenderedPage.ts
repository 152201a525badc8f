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
 *
 * A press on a button that the app's takeover comes in the middle of (pressed on the markup,
 * released on the app's button) makes no click at all: the browser sends a click only where
 * both ended on the same element. Such a press is answered when it is released on the app's
 * button of the same name and place, with a click on it.
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
  // The button under a press not released yet, by its name and place among those so named; a
  // release or a click anywhere ends the press.
  let pressed: { name: string; place: number } | null = null;
  const onPress = (event: PointerEvent) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !container.contains(button)) return;
    const name = nameOf(button);
    pressed = { name, place: buttonsNamed(container, name).indexOf(button) };
  };
  const pressEnded = () => {
    pressed = null;
  };
  container.addEventListener('submit', holdSubmit, true);
  container.addEventListener('click', holdClick, true);
  container.addEventListener('pointerdown', onPress, true);
  for (const type of PRESS_ENDS) document.addEventListener(type, pressEnded, true);
  return () => {
    container.removeEventListener('submit', holdSubmit, true);
    container.removeEventListener('click', holdClick, true);
    container.removeEventListener('pointerdown', onPress, true);
    for (const type of PRESS_ENDS) document.removeEventListener(type, pressEnded, true);
    const action = held;
    // After React's commit is over: the app's handlers answer it.
    if (action) setTimeout(action);
    else if (pressed) clickWhenReleased(container, pressed.name, pressed.place);
  };
}

/** What ends a press: its release, its cancel, or the click the browser made of it. */
const PRESS_ENDS = ['pointerup', 'pointercancel', 'click'] as const;

/**
 * Clicks the app's button of this name and place when the press under way is released on it,
 * unless the browser clicked it itself; a press released elsewhere or cancelled clicks nothing,
 * as anywhere else.
 */
function clickWhenReleased(container: HTMLElement, name: string, place: number): void {
  const stop = () => {
    document.removeEventListener('pointerup', onRelease, true);
    document.removeEventListener('pointercancel', stop, true);
  };
  const onRelease = (event: PointerEvent) => {
    stop();
    const button = buttonsNamed(container, name)[place];
    if (!button?.contains(event.target as Node)) return;
    // A browser that clicks it anyway does so in this same task, right after the release.
    let clicked = false;
    const onClick = () => {
      clicked = true;
    };
    button.addEventListener('click', onClick, { capture: true, once: true });
    setTimeout(() => {
      button.removeEventListener('click', onClick, true);
      if (!clicked) button.click();
    });
  };
  document.addEventListener('pointerup', onRelease, true);
  document.addEventListener('pointercancel', stop, true);
}

/** A button's name as a visitor knows it: its label, else its text. */
function nameOf(button: HTMLButtonElement): string {
  return (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();
}

function buttonsNamed(container: HTMLElement, name: string): HTMLButtonElement[] {
  return [...container.querySelectorAll('button')].filter((button) => nameOf(button) === name);
}
