import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_FILE,
  PRERENDERED_PATHS,
  type PrerenderedScreens,
} from '../../common/build/prerenderedScreens.js';

const prerenderedFile = z.partialRecord(z.enum(PRERENDERED_PATHS), z.string());

/**
 * The screens the client's build rendered to HTML (common/build/prerenderedScreens.ts), or
 * none when the build wrote no file or one that cannot be read: the pages then show the boot
 * screen, as every other page does.
 */
export function readPrerenderedScreens(
  webRoot: string,
  warn: (message: string) => void,
): PrerenderedScreens {
  const path = join(webRoot, PRERENDERED_FILE);
  if (!existsSync(path)) return {};
  try {
    return prerenderedFile.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    warn(`${path} is unreadable, its pages go with the boot screen: ${String(error)}`);
    return {};
  }
}

const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/**
 * index.html with `markup` in place of the boot screen in its root element, which says so
 * (web/src/app/prerenderedHandover.ts). An index.html without that root is left as it is.
 */
export function withRootContent(indexHtml: string, markup: string): string {
  return indexHtml.replace(
    ROOT,
    (_, end: string) => `<div id="root" ${PRERENDERED_ATTRIBUTE}>${markup}</div>${end}`,
  );
}
