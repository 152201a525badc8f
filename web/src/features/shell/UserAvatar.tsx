import type { User } from '../../../../common/api/user.js';
import { Avatar } from '../../shared/ui/Avatar';
import { cn } from '../../shared/ui/cn';
import { avatarSource, initialsOf } from './avatarSource';

/** The user's picture, or their initials when there is none or it cannot be loaded. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<User, 'name' | 'userProfilePicture' | 'images'>;
  className?: string;
}) {
  return (
    <Avatar
      src={avatarSource(user)}
      fallback={initialsOf(user.name)}
      className={cn('size-8 bg-brand-100', className)}
      fallbackClassName="text-xs font-semibold text-brand-700"
    />
  );
}
