import { lazy, type ComponentType } from 'react';
import { loadOrSendToRoot } from './loadOrSendToRoot';

/**
 * React.lazy for a part of the shell or of a screen that is not needed for the first paint
 * (it loads right after, or when it is first shown), with the load-failure rule of loadOrSendToRoot.
 */
export function lazyComponent<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  exportName: K,
) {
  return lazy(async () => ({ default: (await loadOrSendToRoot(load))[exportName] }));
}
