import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_FILE,
  PRERENDERED_PATHS,
  type PrerenderedScreen,
  type PrerenderedScreens,
} from '../../common/build/prerenderedScreens.js';

const prerenderedFile = z.partialRecord(
  z.enum(PRERENDERED_PATHS),
  z.object({ html: z.string(), title: z.string().min(1) }),
);

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
const TITLE = /<title>[^<]*<\/title>/;

/**
 * index.html with the screen's markup in place of the boot screen in its root element, which
 * says so (web/src/app/prerenderedHandover.ts), and the screen's title. An index.html without
 * that root is left as it is.
 */
export function withRootContent(indexHtml: string, screen: PrerenderedScreen): string {
  if (!ROOT.test(indexHtml)) return indexHtml;
  return indexHtml
    .replace(TITLE, () => `<title>${escapeText(screen.title)}</title>`)
    .replace(
      ROOT,
      (_, end: string) => `<div id="root" ${PRERENDERED_ATTRIBUTE}>${screen.html}</div>${end}`,
    );
}

/** Text for an element's content: what HTML would read as markup, escaped. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
