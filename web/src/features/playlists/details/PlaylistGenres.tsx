import { toDisplayError } from '../../../shared/api/displayError';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { TagPicker } from '../../../shared/ui/TagPicker';
import type { MusicTagId } from '../../../../../common/domain/genres.js';
import { useSetPlaylistTagsMutation } from '../playlistsApi';

/**
 * A managed playlist's genres and moods (docs/genres.md). Tags describe a playlist to other
 * curators, so only a visible one is tagged; a hidden one says so.
 */
export function PlaylistGenres({
  playlistId,
  visible,
  tags,
}: {
  playlistId: string;
  visible: boolean;
  tags: readonly string[];
}) {
  const [setTags, call] = useSetPlaylistTagsMutation();
  const error = toDisplayError(call.error);
  return (
    <section aria-label="Genres and moods" className="mt-4 max-w-xl">
      {visible ? (
        <TagPicker
          label="Genres and moods"
          tags={tags}
          busy={call.isLoading}
          onChange={(next) => void setTags({ playlistId, tags: next as MusicTagId[] })}
        />
      ) : (
        <p className="text-sm text-slate-600">
          Show this playlist to other curators to tag its genres and moods: Discovery matches
          curators by them.
        </p>
      )}
      {error && <ApiErrorAlert error={error} className="mt-2" />}
    </section>
  );
}
