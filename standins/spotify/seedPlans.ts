import type { DemoUser } from './model.js';

/**
 * The demo Spotify users and their playlists. Five users, because a Spotify app in
 * development mode may have at most five. Sizes run from 10 to 300 tracks; some playlists
 * hold exact duplicates, single/album twins (same ISRC) and Live/Acoustic/Remix siblings,
 * so duplicate highlighting has something to find.
 */
export const DEMO_SPOTIFY_USERS: readonly DemoUser[] = [
  { id: 'mara.velden', displayName: 'Mara Velden', accountId: 'acc-4f1c9a7e2b', hasAvatar: true },
  { id: 'theo.okafor', displayName: 'Theo Okafor', accountId: 'acc-8d02b6c311', hasAvatar: true },
  {
    id: 'junebugradio',
    displayName: 'JuneBug Radio',
    accountId: 'acc-1a77e0d4c9',
    hasAvatar: true,
  },
  {
    id: 'lena.kowalczyk',
    displayName: 'Lena Kowalczyk',
    accountId: 'acc-5be3f19a06',
    hasAvatar: false,
  },
  { id: 'sol.ortega', displayName: 'Sol Ortega', accountId: 'acc-c6490ad2f8', hasAvatar: true },
];

export interface PlaylistPlan {
  owner: string;
  name: string;
  description: string;
  size: number;
  public: boolean;
  collaborative?: boolean;
  followersTotal: number | null;
  /** Demo users who follow it (collaborators, on a collaborative playlist). */
  followedBy?: string[];
  exactDuplicates?: number;
  isrcTwins?: number;
  versionSiblings?: number;
}

export const PLANS: readonly PlaylistPlan[] = [
  {
    owner: 'mara.velden',
    name: 'Late Night Drive',
    description: 'Three hundred songs for the long way home.',
    size: 300,
    public: true,
    followersTotal: 12840,
    followedBy: ['theo.okafor', 'sol.ortega'],
    exactDuplicates: 2,
    isrcTwins: 2,
    versionSiblings: 2,
  },
  {
    owner: 'mara.velden',
    name: 'Morning Coffee Acoustic',
    description: 'Soft starts, warm mugs.',
    size: 40,
    public: true,
    followersTotal: 3120,
    versionSiblings: 2,
  },
  {
    owner: 'mara.velden',
    name: 'Fresh Finds Weekly',
    description: 'New every Friday. Submissions welcome.',
    size: 25,
    public: true,
    followersTotal: 980,
    followedBy: ['lena.kowalczyk'],
    exactDuplicates: 1,
    isrcTwins: 1,
  },
  {
    owner: 'mara.velden',
    name: 'Demo Radar',
    description: 'Private shortlist.',
    size: 12,
    public: false,
    followersTotal: 0,
  },
  {
    owner: 'theo.okafor',
    name: 'Afterglow Indie',
    description: 'Guitars at golden hour.',
    size: 120,
    public: true,
    followersTotal: 7415,
    followedBy: ['junebugradio'],
    isrcTwins: 1,
    versionSiblings: 1,
  },
  {
    owner: 'theo.okafor',
    name: 'Gym Tempo',
    description: '',
    size: 60,
    public: true,
    followersTotal: 410,
  },
  {
    owner: 'theo.okafor',
    name: 'Road Trip 2026',
    description: 'Everyone adds three. No skipping.',
    size: 35,
    public: false,
    collaborative: true,
    followersTotal: null,
    followedBy: ['mara.velden', 'junebugradio'],
    exactDuplicates: 1,
  },
  {
    owner: 'junebugradio',
    name: 'JuneBug Radio Rotation',
    description: 'What we play on air this month.',
    size: 180,
    public: true,
    followersTotal: 45210,
    followedBy: ['lena.kowalczyk'],
    isrcTwins: 2,
    versionSiblings: 1,
  },
  {
    owner: 'junebugradio',
    name: 'Chillhop Sundays',
    description: 'Beats to fold laundry to.',
    size: 80,
    public: true,
    followersTotal: 15002,
  },
  {
    owner: 'junebugradio',
    name: 'Live Sessions',
    description: 'Recorded in front of real people.',
    size: 30,
    public: true,
    followersTotal: 2264,
    versionSiblings: 4,
  },
  {
    owner: 'lena.kowalczyk',
    name: 'Quiet Rooms',
    description: 'For reading and rain.',
    size: 22,
    public: true,
    followersTotal: 318,
  },
  {
    owner: 'lena.kowalczyk',
    name: 'Dance Floor Memory',
    description: '',
    size: 90,
    public: true,
    followersTotal: 1290,
    exactDuplicates: 1,
  },
  {
    owner: 'lena.kowalczyk',
    name: 'Rain on Glass',
    description: 'Ten songs, no more.',
    size: 10,
    public: true,
    followersTotal: null,
  },
  {
    owner: 'sol.ortega',
    name: "Sol's Summer Heat",
    description: 'Sun out, windows down.',
    size: 150,
    public: true,
    followersTotal: 22876,
    followedBy: ['mara.velden'],
    isrcTwins: 1,
  },
  {
    owner: 'sol.ortega',
    name: 'Synthwave Horizons',
    description: 'Neon, chrome, and a long straight road.',
    size: 70,
    public: true,
    followersTotal: 5531,
  },
  {
    owner: 'sol.ortega',
    name: 'Focus Flow',
    description: 'Instrumental-leaning, lyric-light.',
    size: 45,
    public: true,
    followersTotal: 860,
    followedBy: ['theo.okafor'],
  },
];
