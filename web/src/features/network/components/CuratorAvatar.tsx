import type { CuratorSummary } from '../../../../../common/api/users/schemas.js';
import { UserAvatar } from '../../shell';

/** A curator's picture (their pictureUrl: uploaded, Spotify's, or '' for initials). */
export function CuratorAvatar({
  curator,
  className,
}: {
  curator: Pick<CuratorSummary, 'name' | 'pictureUrl'>;
  className?: string;
}) {
  return (
    <UserAvatar
      user={{
        name: curator.name,
        userProfilePicture: null,
        images: curator.pictureUrl ? [curator.pictureUrl] : [],
      }}
      className={className}
    />
  );
}
