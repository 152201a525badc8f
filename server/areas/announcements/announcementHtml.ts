import type DOMPurify from 'dompurify';
import {
  ANNOUNCEMENT_ALLOWED_ATTR,
  ANNOUNCEMENT_ALLOWED_TAGS,
} from '../../../common/domain/announcements.js';

let purifier: ReturnType<typeof DOMPurify> | null = null;

/**
 * DOMPurify over a jsdom window of its own, made on first use (the command and the seed).
 * Imported then, not at start: jsdom is the heaviest module the server has (a cold start
 * loaded it before serving anything; bench/README.md, "Cold start").
 */
async function announcementPurifier() {
  if (purifier) return purifier;
  const [{ default: createPurifier }, { JSDOM }] = await Promise.all([
    import('dompurify'),
    import('jsdom'),
  ]);
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  purifier = createPurifier(window as unknown as Parameters<typeof DOMPurify>[0]);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/**
 * An operator's HTML as it is stored (docs/network.md, Announcements): the same allowlist and
 * library as the client's second pass, so scripts, styles, event handlers, images and
 * javascript: links never reach the database.
 */
export async function sanitizeAnnouncementHtml(html: string): Promise<string> {
  return (await announcementPurifier())
    .sanitize(html, {
      ALLOWED_TAGS: [...ANNOUNCEMENT_ALLOWED_TAGS],
      ALLOWED_ATTR: [...ANNOUNCEMENT_ALLOWED_ATTR],
      ALLOW_DATA_ATTR: false,
    })
    .trim();
}

/** True when sanitised HTML has no text a curator could read. */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}
