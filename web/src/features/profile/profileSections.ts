/** The sections of Your Profile: /profile, and /profile/{section} for the others. */
export const PROFILE_SECTIONS = [
  { id: null, path: '/profile', label: 'Profile' },
  { id: 'spotify', path: '/profile/spotify', label: 'Spotify accounts' },
] as const;

export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number]['id'];

export function findProfileSection(section: string | undefined) {
  return PROFILE_SECTIONS.find((candidate) => candidate.id === (section ?? null));
}
