import type { VisitOverlay } from '../../shared/state/appSlice';

/**
 * Which onboarding overlay a visit opens with (docs/onboarding.md): one per visit, the one that
 * matters most now. A curator without a streaming account can do nothing else first, so the
 * welcome overlay comes before the plan chooser of an expired trial; an announcement comes
 * only in a visit that needs neither. The others wait for later visits: each remembers in
 * session storage that it was seen (skipped, closed or dismissed), so the next visit opens the
 * next one.
 */
export function visitOverlayOf(wanted: { welcome: boolean; chooser: boolean }): VisitOverlay {
  if (wanted.welcome) return 'welcome';
  if (wanted.chooser) return 'chooser';
  return 'announcement';
}
