import { describe, expect, it, vi } from 'vitest';
import { watchPrerenderedFields } from './prerenderedHandover';
import { handedOver, holdPrerenderedActions, isPrerendered } from './prerenderedPage';

const fields = `<form>
  <input id="_R_1_" type="email" autocomplete="email">
  <input id="_R_2_" type="password" autocomplete="current-password">
  <input id="_R_3_" type="checkbox">
</form>`;

/** A prerendered page's root, in the document, with its fields as a visitor left them. */
function prerenderedRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-prerendered', '');
  root.innerHTML = fields;
  document.body.replaceChildren(root);
  return root;
}

/** What React's commit does: the same fields, new elements, empty. */
function replacedByTheApp(root: HTMLElement) {
  root.innerHTML = fields.replaceAll('_R_', '_r_');
  const [email, password, keep] = root.querySelectorAll('input');
  return { email: email!, password: password!, keep: keep! };
}

describe('a prerendered page handed over to the app', () => {
  it('is known by its root, until the app has taken it over', () => {
    const root = prerenderedRoot();
    expect(isPrerendered(root)).toBe(true);
    handedOver(root);
    expect(isPrerendered(root)).toBe(false);
  });

  it("keeps what was typed, as input the app's form sees, and the focus", () => {
    const root = prerenderedRoot();
    const watch = watchPrerenderedFields(root);
    const [email, password, keep] = root.querySelectorAll('input');
    email!.value = 'avery@example.test';
    keep!.checked = true;
    password!.focus();
    password!.value = 'secret words';

    const app = replacedByTheApp(root);
    const typed: string[] = [];
    root.addEventListener('input', (event) => typed.push((event.target as HTMLInputElement).id));
    watch.handOver();

    expect(app.email.value).toBe('avery@example.test');
    expect(app.password.value).toBe('secret words');
    expect(app.keep.checked).toBe(true);
    expect(typed).toEqual(['_r_1_', '_r_2_', '_r_3_']);
    expect(document.activeElement).toBe(app.password);
  });

  it('gives no focus back when the visitor had left the fields', () => {
    const root = prerenderedRoot();
    const outside = document.body.appendChild(document.createElement('button'));
    const watch = watchPrerenderedFields(root);
    root.querySelector('input')!.focus();
    outside.focus();
    return Promise.resolve().then(() => {
      replacedByTheApp(root);
      watch.handOver();
      expect(document.activeElement).toBe(outside);
    });
  });

  it('hands nothing over to fields that are not the same', () => {
    const root = prerenderedRoot();
    const watch = watchPrerenderedFields(root);
    root.querySelector('input')!.value = 'avery@example.test';
    root.innerHTML = '<input type="text"><input type="password">';
    watch.handOver();
    expect(root.querySelector('input')!.value).toBe('');
  });

  it("holds a submit until the app has taken over, then submits the app's form", async () => {
    const root = prerenderedRoot();
    const release = holdPrerenderedActions(root);
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      root.querySelector('form')!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);

    replacedByTheApp(root);
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    root.addEventListener('submit', onSubmit);
    release();
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]![0].target).toBe(root.querySelector('form'));
    root.removeEventListener('submit', onSubmit);
    expect(submit()).toBe(false);
  });

  it("holds a click on a button until the app has taken over, then clicks the app's button", async () => {
    const root = prerenderedRoot();
    const buttons = `<button type="button">Open a swap</button>
      <button type="button" aria-label="Remove">x</button><button type="button" aria-label="Remove">x</button>`;
    root.innerHTML = buttons;
    const release = holdPrerenderedActions(root);
    const click = (button: Element) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      button.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click(root.querySelectorAll('button')[0]!)).toBe(true);
    // The last one held is the one done: the second of the buttons named Remove.
    expect(click(root.querySelectorAll('button')[2]!)).toBe(true);

    root.innerHTML = buttons;
    const clicked = vi.fn();
    root.addEventListener('click', (event) => clicked(event.target));
    release();
    await vi.waitFor(() => expect(clicked).toHaveBeenCalledOnce());
    expect(clicked).toHaveBeenCalledWith(root.querySelectorAll('button')[2]);
    // From then on the app answers clicks itself.
    expect(click(root.querySelectorAll('button')[0]!)).toBe(false);
  });

  describe('a press the takeover comes in the middle of (pressed on the markup, released on the app)', () => {
    const press = (type: 'pointerdown' | 'pointerup' | 'pointercancel', on: Element) =>
      on.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true }));
    const SIGN_IN = '<form><input type="email"><button>Sign in</button></form>';

    /** Presses the markup's Sign in, lets the app take over, and follows clicks on its button. */
    function pressedWhileTakenOver() {
      const root = prerenderedRoot();
      root.innerHTML = SIGN_IN;
      const release = holdPrerenderedActions(root);
      press('pointerdown', root.querySelector('button')!);
      root.innerHTML = SIGN_IN;
      const button = root.querySelector('button')!;
      const clicks = vi.fn((event: Event) => event.preventDefault());
      button.addEventListener('click', clicks);
      release();
      return { button, clicks };
    }

    it("is answered as a click on the app's button when released on it", async () => {
      const { button, clicks } = pressedWhileTakenOver();
      // The browser makes no click of it: pressed and released on different elements.
      press('pointerup', button);
      await vi.waitFor(() => expect(clicks).toHaveBeenCalledOnce());
    });

    it('is clicked once when the browser clicks the button itself', async () => {
      const { button, clicks } = pressedWhileTakenOver();
      press('pointerup', button);
      button.click();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(clicks).toHaveBeenCalledOnce();
    });

    it('clicks nothing when released elsewhere, or cancelled', async () => {
      const released = pressedWhileTakenOver();
      press('pointerup', document.body);
      const cancelled = pressedWhileTakenOver();
      press('pointercancel', cancelled.button);
      press('pointerup', cancelled.button);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(released.clicks).not.toHaveBeenCalled();
      expect(cancelled.clicks).not.toHaveBeenCalled();
    });

    it('is not answered again when it had ended before the takeover', async () => {
      const root = prerenderedRoot();
      root.innerHTML = SIGN_IN;
      const release = holdPrerenderedActions(root);
      press('pointerdown', root.querySelector('button')!);
      press('pointerup', document.body);
      root.innerHTML = SIGN_IN;
      const clicks = vi.fn();
      root.querySelector('button')!.addEventListener('click', clicks);
      release();
      press('pointerup', root.querySelector('button')!);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(clicks).not.toHaveBeenCalled();
    });
  });

  it("leaves a form's own button to its submit, and links alone", () => {
    const root = prerenderedRoot();
    root.insertAdjacentHTML('beforeend', '<a href="#elsewhere">Terms</a>');
    holdPrerenderedActions(root);
    const clickOn = (element: Element) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      element.dispatchEvent(event);
      return event.defaultPrevented;
    };
    root.querySelector('form')!.insertAdjacentHTML('beforeend', '<button>Sign in</button>');
    const submitted = vi.fn();
    root.addEventListener('submit', (event) => submitted(event.defaultPrevented));
    // The click goes on to submit the form, and that submit is what is held.
    expect(clickOn(root.querySelector('form button')!)).toBe(false);
    expect(submitted).toHaveBeenCalledWith(true);
    expect(clickOn(root.querySelector('a')!)).toBe(false);
  });

  it('submits nothing on release when nothing was held', async () => {
    const root = prerenderedRoot();
    const release = holdPrerenderedActions(root);
    const onSubmit = vi.fn();
    root.addEventListener('submit', onSubmit);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
