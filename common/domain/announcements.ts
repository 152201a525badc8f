import { PLAN_NAMES, type PaidOrFreePlan } from './plans.js';

/**
 * What an operator's announcement may use (docs/network.md, Announcements): text formatting,
 * lists, headings and links. The server keeps only these when it stores an announcement, and
 * the client sanitises again with the same list before rendering.
 */
export const ANNOUNCEMENT_ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'em',
  'h2',
  'h3',
  'h4',
  'i',
  'li',
  'ol',
  'p',
  'strong',
  'u',
  'ul',
] as const;
export const ANNOUNCEMENT_ALLOWED_ATTR = ['href', 'title'] as const;

/** The longest announcement, in characters of sanitised HTML. */
export const ANNOUNCEMENT_HTML_MAX = 20_000;

/** Who an announcement is for: every curator, or the curators whose plan applies now. */
export type AnnouncementAudience = { kind: 'all' } | { kind: 'plan'; plan: PaidOrFreePlan };

/** `all` or `plan:<name>` (a running trial counts as pro, like the plan limits); null otherwise. */
export function parseAnnouncementAudience(text: string): AnnouncementAudience | null {
  if (text === 'all') return { kind: 'all' };
  const [kind, plan, ...rest] = text.split(':');
  if (kind !== 'plan' || rest.length > 0) return null;
  const known = PLAN_NAMES.find((name) => name === plan);
  return known ? { kind: 'plan', plan: known } : null;
}

export function describeAnnouncementAudience(audience: AnnouncementAudience): string {
  return audience.kind === 'all' ? 'all' : `plan:${audience.plan}`;
}
