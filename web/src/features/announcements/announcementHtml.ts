import DOMPurify from 'dompurify';
import {
  ANNOUNCEMENT_ALLOWED_ATTR,
  ANNOUNCEMENT_ALLOWED_TAGS,
} from '../../../../common/domain/announcements.js';

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** One DOMPurify of our own, so its link hook never touches another use of the library. */
function announcementPurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // Links leave the app in a new tab without handing it our window.
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/**
 * The announcement's HTML made safe to render (docs/network.md: sanitised on the server when
 * stored, and again here with the same allowlist, common/domain/announcements.ts): only those
 * tags and attributes survive, scripts, styles, event handlers and javascript: URLs go, and
 * links open in a new tab.
 */
export function sanitizeAnnouncementHtml(html: string): string {
  return announcementPurifier().sanitize(html, {
    ALLOWED_TAGS: [...ANNOUNCEMENT_ALLOWED_TAGS],
    ALLOWED_ATTR: [...ANNOUNCEMENT_ALLOWED_ATTR],
    ALLOW_DATA_ATTR: false,
  });
}
