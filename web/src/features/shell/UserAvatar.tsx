import * as Avatar from '@radix-ui/react-avatar';
import type { User } from '../../../../common/api/user.js';
import { cn } from '../../shared/ui/cn';
import { avatarSource, initialsOf } from './avatarSource';

/** The user's picture, or their initials while it loads or when there is none. */
export function UserAvatar({
  user,
  className,
}: {
  user: Pick<User, 'name' | 'userProfilePicture' | 'images'>;
  className?: string;
}) {
  const source = avatarSource(user);
  return (
    <Avatar.Root
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 align-middle select-none',
        className,
      )}
    >
      {source && (
        <Avatar.Image src={source} alt="" className="size-full rounded-[inherit] object-cover" />
      )}
      <Avatar.Fallback
        delayMs={source ? 400 : undefined}
        className="text-xs font-semibold text-brand-700"
        aria-hidden="true"
      >
        {initialsOf(user.name)}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
