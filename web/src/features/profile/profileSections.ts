/** The sections of Your Profile: /profile (details), and /profile/{section} for the others. */
export const PROFILE_SECTIONS = [
  { id: null, path: '/profile', label: 'Details' },
  { id: 'picture', path: '/profile/picture', label: 'Picture' },
  { id: 'notifications', path: '/profile/notifications', label: 'Notifications' },
  { id: 'spotify', path: '/profile/spotify', label: 'Spotify accounts' },
  { id: 'security', path: '/profile/security', label: 'Security' },
  /** Only while the payments flag is on. */
  { id: 'billing', path: '/profile/billing', label: 'Billing' },
] as const;

export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];

/** The sections shown, by the feature flags. */
export function profileSections({ payments }: { payments: boolean }) {
  return PROFILE_SECTIONS.filter((candidate) => payments || candidate.id !== 'billing');
}

/** The section a path names; /profile/details is the details section too. */
export function findProfileSection(section: string | undefined, flags: { payments: boolean }) {
  const id = section === 'details' ? null : (section ?? null);
  return profileSections(flags).find((candidate) => candidate.id === id);
}
