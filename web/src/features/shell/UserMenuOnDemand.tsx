import { Suspense, useState } from 'react';
import { lazyComponent } from '../../shared/lib/lazyLoad';
import type { UserMenuProps } from './UserMenu';
import { UserMenuButton } from './UserMenuButton';

const loadUserMenu = () => import('./UserMenu');
const UserMenu = lazyComponent(loadUserMenu, 'UserMenu');

/** Fetches the menu's code ahead of a press; a failure here is met again, and handled, then. */
const prefetchUserMenu = () => void loadUserMenu().catch(() => undefined);

/**
 * The top bar's user menu with its code loaded on demand: Radix's dropdown menu and its
 * positioning are about 30 KiB gzip that no screen needs for its first render. Until the
 * curator reaches for it the button is a plain one; pointing at it or focusing it fetches the
 * code, and pressing it shows the menu, open.
 */
export function UserMenuOnDemand(props: UserMenuProps) {
  const [pressed, setPressed] = useState(false);
  if (!pressed) {
    return (
      <UserMenuButton
        user={props.user}
        onIntent={prefetchUserMenu}
        onPress={() => setPressed(true)}
      />
    );
  }
  return (
    <Suspense fallback={<UserMenuButton user={props.user} />}>
      <UserMenu {...props} defaultOpen />
    </Suspense>
  );
}
