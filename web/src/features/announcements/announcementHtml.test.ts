import { describe, expect, it } from 'vitest';
import { sanitizeAnnouncementHtml } from './announcementHtml';

describe('sanitizeAnnouncementHtml', () => {
  it('keeps formatting, lists and links, which open in a new tab', () => {
    const html = sanitizeAnnouncementHtml(
      '<h2>New</h2><p><strong>Discovery</strong> is <em>live</em>.</p><ul><li>One</li></ul><a href="https://example.com/news">Read</a>',
    );
    expect(html).toBe(
      '<h2>New</h2><p><strong>Discovery</strong> is <em>live</em>.</p><ul><li>One</li></ul><a href="https://example.com/news" target="_blank" rel="noopener noreferrer">Read</a>',
    );
  });

  it('drops scripts, event handlers, styles, images and javascript: links', () => {
    const html = sanitizeAnnouncementHtml(
      '<p onclick="steal()" style="color:red">Hi<script>steal()</script></p><img src=x onerror="steal()"><a href="javascript:steal()">x</a><iframe src="https://evil.test"></iframe>',
    );
    expect(html).toBe('<p>Hi</p><a>x</a>');
  });
});
