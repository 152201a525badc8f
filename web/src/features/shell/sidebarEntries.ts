import {
  CatalogIcon,
  DiscoveryIcon,
  HomeIcon,
  MessengerIcon,
  NetworkIcon,
  PlaylistIcon,
  ProfileIcon,
  SwapIcon,
  type IconComponent,
} from '../../shared/ui/icons';

export type SidebarBadge = 'discovery' | 'messenger';

export interface SidebarEntry {
  to: string;
  label: string;
  icon: IconComponent;
  badge?: SidebarBadge;
}

/** The sidebar, in the spec's order and with its labels. */
export const SIDEBAR_ENTRIES: readonly SidebarEntry[] = [
  { to: '/', label: 'Home', icon: HomeIcon },
  { to: '/playlists', label: 'Playlists', icon: PlaylistIcon },
  { to: '/catalog', label: 'Song Catalog', icon: CatalogIcon },
  { to: '/songswap', label: 'Song Swaps', icon: SwapIcon },
  { to: '/network', label: 'My Network', icon: NetworkIcon },
  { to: '/discovery', label: 'Discovery', icon: DiscoveryIcon, badge: 'discovery' },
  { to: '/messenger', label: 'Messenger', icon: MessengerIcon, badge: 'messenger' },
  { to: '/profile', label: 'Your Profile', icon: ProfileIcon },
];

/** The entries to show: Messenger only while the messenger flag is on. */
export function visibleSidebarEntries(messengerEnabled: boolean): readonly SidebarEntry[] {
  return SIDEBAR_ENTRIES.filter((entry) => entry.to !== '/messenger' || messengerEnabled);
}
