import type { User } from '../../../../common/api/user.js';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { UserAvatar } from './UserAvatar';

/**
 * What the user menu looks like while its code loads (just after the first paint): the same
 * avatar and name, not yet operable.
 */
export function UserMenuPlaceholder({
  user,
}: {
  user: Pick<User, 'name' | 'userProfilePicture' | 'images'>;
}) {
  return (
    <span className="flex items-center gap-2 py-1 pr-2 pl-1 text-sm font-medium text-slate-700">
      <UserAvatar user={user} />
      <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
      <ChevronDownIcon className="size-4 text-slate-500" />
    </span>
  );
}
