import {
  PRERENDERED_PATHS,
  type PrerenderedScreens,
} from '../../../common/build/prerenderedScreens';
import { makeStore } from '../app/store';
import { renderScreen } from './renderScreen';

/**
 * The screens a signed-out visitor sees first, rendered to HTML at build time
 * (web/build/prerenderedScreens.ts; docs/ARCHITECTURE.md, "Prerendered screens"): the real
 * routes, layouts and screen, with the start-up call answered "nobody is signed in".
 */
export async function prerenderScreens(): Promise<PrerenderedScreens> {
  const screens: PrerenderedScreens = {};
  for (const path of PRERENDERED_PATHS) {
    const screen = await renderScreen(makeStore(), path, async () => ({ startupError: null }));
    if (!screen) throw new Error(`${path} sent elsewhere`);
    screens[path] = screen;
  }
  return screens;
}
