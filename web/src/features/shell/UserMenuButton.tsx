import type { User } from '../../../../common/api/user.js';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { UserAvatar } from './UserAvatar';

/** The look of the user menu's button, shared with the menu's own trigger (UserMenu). */
export const USER_MENU_BUTTON_CLASS =
  'flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100';

export const userMenuLabel = (name: string) => `Account menu for ${name}`;

/** What the user menu's button shows: the avatar, the name on wider screens, a chevron. */
export function UserMenuButtonContent({
  user,
}: {
  user: Pick<User, 'name' | 'userProfilePicture' | 'images'>;
}) {
  return (
    <>
      <UserAvatar user={user} />
      <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
      <ChevronDownIcon className="size-4 text-slate-500" />
    </>
  );
}

/**
 * The user menu's button before the menu's code is loaded (UserMenuOnDemand): the same look;
 * pointing at it or focusing it asks for the code, pressing it opens the menu.
 */
export function UserMenuButton({
  user,
  onIntent,
  onPress,
}: {
  user: Pick<User, 'name' | 'userProfilePicture' | 'images'>;
  onIntent?: () => void;
  onPress?: () => void;
}) {
  return (
    <button
      type="button"
      className={USER_MENU_BUTTON_CLASS}
      aria-label={userMenuLabel(user.name)}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onClick={onPress}
    >
      <UserMenuButtonContent user={user} />
    </button>
  );
}
