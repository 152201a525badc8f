import type { FeatureFlags } from '../../shared/state/featureFlags';
import {
  CatalogIcon,
  DiscoveryIcon,
  MessengerIcon,
  NetworkIcon,
  PlaylistIcon,
  ProfileIcon,
  SwapIcon,
  type IconComponent,
} from '../../shared/ui/icons';

export interface HomeAreaCard {
  to: string;
  title: string;
  description: string;
  icon: IconComponent;
}

/**
 * The areas Home links to, with what each is for. They promise only what the feature flags
 * show: track removals only with trackRemovaleDate (off by default), Messenger only with
 * messenger.
 */
export function homeAreaCards(
  flags: Pick<FeatureFlags, 'messenger' | 'trackRemovaleDate'>,
): HomeAreaCard[] {
  const cards: HomeAreaCard[] = [
    {
      to: '/playlists',
      title: 'Playlists',
      description: flags.trackRemovaleDate
        ? 'Manage visibility, lock tracks in place and plan track removals.'
        : 'Manage visibility, lock tracks in place and follow your followers.',
      icon: PlaylistIcon,
    },
    {
      to: '/catalog',
      title: 'Song Catalog',
      description: 'Keep the songs you represent, your favourites and upcoming releases.',
      icon: CatalogIcon,
    },
    {
      to: '/songswap',
      title: 'Song Swaps',
      description: 'Place songs in each other’s playlists with curators you trust.',
      icon: SwapIcon,
    },
    {
      to: '/network',
      title: 'My Network',
      description: 'Your friends and friend groups among curators.',
      icon: NetworkIcon,
    },
    {
      to: '/discovery',
      title: 'Discovery',
      description: 'Find curators with playlists that fit your music.',
      icon: DiscoveryIcon,
    },
    {
      to: '/messenger',
      title: 'Messenger',
      description: 'Talk with other curators about swaps and playlists.',
      icon: MessengerIcon,
    },
    {
      to: '/profile',
      title: 'Your Profile',
      description: 'Your name, description, network and e-mail notifications.',
      icon: ProfileIcon,
    },
  ];
  return cards.filter((card) => card.to !== '/messenger' || flags.messenger);
}
