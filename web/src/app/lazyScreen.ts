import type { ComponentType } from 'react';
import type { ScreenReads } from '../shared/api/screenReads';
import type { LazyRouteFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
import { loadOrSendToRoot } from '../shared/lib/loadOrSendToRoot';
import { startupOf } from './startupLoader';
import type { AppStore } from './store';

/**
 * A route `lazy` loader for one screen component of a module: the screen becomes its own
 * chunk, loaded when the route is first visited. A module that exports `screenReads` gets a
 * route loader that starts them.
 */
export function lazyScreen<M, K extends keyof M>(
  store: AppStore,
  load: () => Promise<M>,
  exportName: K,
): LazyRouteFunction<RouteObject> {
  return async () => {
    const module = await loadOrSendToRoot(load);
    const { screenReads } = module as { screenReads?: ScreenReads };
    return {
      Component: module[exportName] as ComponentType,
      ...(screenReads
        ? {
            loader: async (args: LoaderFunctionArgs) => {
              const { startupError } = await startupOf(store);
              if (!startupError) screenReads(store, args);
              return null;
            },
          }
        : {}),
    };
  };
}
