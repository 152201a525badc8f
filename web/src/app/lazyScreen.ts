import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { loadOrSendToRoot } from '../shared/lib/loadOrSendToRoot';
import { yieldToBrowser } from '../shared/lib/yieldToBrowser';
import type { CarriedAnswersHold } from '../shared/api/carriedAnswers';

/**
 * A route `lazy` loader for one screen component of a module: the screen becomes its own
 * chunk, loaded when the route is first visited. A module that exports `carriedAnswers` (how
 * its screen takes the answers of a page rendered on the server, shared/api/carriedAnswers.ts)
 * gives it to the route's handle.
 */
export function lazyScreen<M, K extends keyof M>(
  load: () => Promise<M>,
  exportName: K,
): LazyRouteFunction<RouteObject> {
  return async () => {
    // In a task of its own: the router starts the first screen's load in the task that creates
    // it, and asking for a chunk adds its preload links to the page.
    await yieldToBrowser();
    const module = await loadOrSendToRoot(load);
    const { carriedAnswers } = module as { carriedAnswers?: CarriedAnswersHold };
    return {
      Component: module[exportName] as ComponentType,
      ...(carriedAnswers ? { handle: { carriedAnswers } } : {}),
    };
  };
}
