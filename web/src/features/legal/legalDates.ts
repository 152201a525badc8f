import { formatDisplayDate } from '../../shared/lib/formatDisplayDate';

/** When the terms and the privacy policy last changed; update with the texts. */
export const TERMS_UPDATED = formatDisplayDate('2026-11-20');
export const PRIVACY_UPDATED = formatDisplayDate('2026-11-20');
