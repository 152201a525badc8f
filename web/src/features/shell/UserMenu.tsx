import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { User } from '../../../../common/api/user.js';
import { SignOutIcon } from '../../shared/ui/icons';
import { Spinner } from '../../shared/ui/Spinner';
import { USER_MENU_BUTTON_CLASS, UserMenuButtonContent, userMenuLabel } from './UserMenuButton';

export interface UserMenuProps {
  user: Pick<User, 'name' | 'email' | 'userProfilePicture' | 'images'>;
  onSignOut: () => void;
  signingOut: boolean;
  /** Open from the start: the curator pressed the button before this code was loaded. */
  defaultOpen?: boolean;
}

/** The top bar's user menu: avatar and name; opens to Sign Out. */
export function UserMenu({ user, onSignOut, signingOut, defaultOpen }: UserMenuProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className={USER_MENU_BUTTON_CLASS}
        aria-label={userMenuLabel(user.name)}
      >
        <UserMenuButtonContent user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-2.5 py-2">
            <span className="block truncate text-sm font-semibold text-slate-900">{user.name}</span>
            <span className="block truncate text-xs text-slate-500">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            disabled={signingOut}
            onSelect={onSignOut}
            className="flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
          >
            {signingOut ? (
              <Spinner className="size-4" />
            ) : (
              <SignOutIcon className="size-4 text-slate-500" />
            )}
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
