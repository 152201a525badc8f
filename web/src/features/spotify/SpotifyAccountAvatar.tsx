import type { StreamingAccount } from '../../../../common/api/user.js';
import { Avatar } from '../../shared/ui/Avatar';
import { cn } from '../../shared/ui/cn';

/** The Spotify profile picture, or the account's initial when it has none or it cannot load. */
export function SpotifyAccountAvatar({
  account,
  className,
}: {
  account: Pick<StreamingAccount, 'imageUrl' | 'displayName' | 'email'>;
  className?: string;
}) {
  const label = account.displayName ?? account.email;
  return (
    <Avatar
      src={account.imageUrl}
      fallback={Array.from(label.trim())[0]?.toUpperCase() ?? '?'}
      className={cn('size-10 bg-emerald-100', className)}
      fallbackClassName="text-sm font-semibold text-emerald-800"
    />
  );
}
