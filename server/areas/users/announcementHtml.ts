import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import {
  ANNOUNCEMENT_ALLOWED_ATTR,
  ANNOUNCEMENT_ALLOWED_TAGS,
} from '../../../common/domain/announcements.js';

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** DOMPurify over a jsdom window of its own, made on first use (the command and the seed). */
function announcementPurifier() {
  if (purifier) return purifier;
  const { window } = new JSDOM('');
  purifier = DOMPurify(window as unknown as Parameters<typeof DOMPurify>[0]);
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
export function sanitizeAnnouncementHtml(html: string): string {
  return announcementPurifier()
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
