import * as Avatar from '@radix-ui/react-avatar';
import type { StreamingAccount } from '../../../../common/api/user.js';
import { cn } from '../../shared/ui/cn';

/** The Spotify profile picture, or the account's initial while it loads or when it has none. */
export function SpotifyAccountAvatar({
  account,
  className,
}: {
  account: Pick<StreamingAccount, 'imageUrl' | 'displayName' | 'email'>;
  className?: string;
}) {
  const label = account.displayName ?? account.email;
  return (
    <Avatar.Root
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-emerald-100 align-middle select-none',
        className,
      )}
    >
      {account.imageUrl && (
        <Avatar.Image
          src={account.imageUrl}
          alt=""
          className="size-full rounded-[inherit] object-cover"
        />
      )}
      <Avatar.Fallback
        delayMs={account.imageUrl ? 400 : undefined}
        className="text-sm font-semibold text-emerald-800"
        aria-hidden="true"
      >
        {Array.from(label.trim())[0]?.toUpperCase() ?? '?'}
      </Avatar.Fallback>
    </Avatar.Root>
  );
}
