import { PRODUCT_NAME } from '../shared/lib/product';
import { buttonClassName } from '../shared/ui/buttonClassName';

export const APP_LOAD_FAILURE = 'The application could not be loaded. Check your connection.';

/**
 * What the entry shows when the app's JavaScript cannot be loaded even after the reload of
 * loadOrSendToRoot: plain DOM, since React is part of what did not load. The words and the
 * look are StartupErrorScreen's.
 */
export function showAppLoadFailure(container: HTMLElement): void {
  const main = element(
    'main',
    'mx-auto flex min-h-full max-w-md flex-col justify-center px-6 py-16',
  );
  // The logo of the boot screen this replaces (index.html), as StartupErrorScreen shows it.
  const logo = container.querySelector('span:has(> svg)');
  if (logo instanceof HTMLElement) {
    logo.classList.add('mb-8', 'self-start');
    main.append(logo);
  }
  main.append(
    element('h1', 'text-xl font-semibold text-slate-900', `${PRODUCT_NAME} could not start`),
    element('p', 'mt-2 text-sm text-slate-600', APP_LOAD_FAILURE),
  );
  const retry = element('button', `${buttonClassName()} mt-6 self-start`, 'Try again');
  retry.type = 'button';
  retry.addEventListener('click', () => window.location.reload());
  main.append(retry);
  container.replaceChildren(main);
  document.title = `Cannot connect · ${PRODUCT_NAME}`;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
