import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import {
  firstUpcomingDay,
  RELEASE_DATE_MAX,
  spotifyTrackIdFrom,
} from '../../../../common/domain/catalog.js';
import { formLevelMessage, toDisplayError } from '../../shared/api/displayError';
import { Alert } from '../../shared/ui/Alert';
import { ApiErrorAlert } from '../../shared/ui/ApiErrorAlert';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/TextField';
import { useAddUpcomingReleaseMutation } from './catalogApi';
import {
  ARTIST_NAME_MAX,
  ARTWORK_URL_MAX,
  SONG_TITLE_MAX,
  TRACK_REFERENCE_MAX,
} from '../../../../common/api/songs/limits.js';
import { PlusIcon } from '../../shared/ui/icons';
import { artistsFromText } from './catalogText';
import { useOpenedOnce } from '../../shared/ui/useOpenedOnce';
import { ModalLayer } from '../../shared/ui/ModalLayer';

const FORM_FIELDS = ['title', 'artists', 'releaseDate', 'artworkUrl', 'spotifyId'];

/** "Add upcoming release" and its form in a dialog (Radix: focus trap, Escape closes). */
export function UpcomingReleaseDialog({ onAdded }: { onAdded: (title: string) => void }) {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary">
          <PlusIcon className="size-4" />
          Add upcoming release
        </Button>
      </Dialog.Trigger>
      <ModalLayer opened={opened} width="lg">
        {open && (
          <UpcomingReleaseForm
            onCancel={() => setOpen(false)}
            onAdded={(title) => {
              setOpen(false);
              onAdded(title);
            }}
          />
        )}
      </ModalLayer>
    </Dialog.Root>
  );
}

function UpcomingReleaseForm({
  onCancel,
  onAdded,
}: {
  onCancel: () => void;
  onAdded: (title: string) => void;
}) {
  const [title, setTitle] = useState('');
  const [artists, setArtists] = useState('');
  const [releaseDate, setReleaseDate] = useState('');
  const [artworkUrl, setArtworkUrl] = useState('');
  const [spotifyLink, setSpotifyLink] = useState('');
  const [linkError, setLinkError] = useState<string | undefined>();
  const [addRelease, { isLoading, error }] = useAddUpcomingReleaseMutation();
  const displayError = toDisplayError(error);
  const fields = displayError?.fields ?? {};
  const artistsError =
    fields.artists ?? Object.entries(fields).find(([key]) => key.startsWith('artists.'))?.[1];
  const formMessage =
    displayError?.code === 'PLAN_LIMIT' ? null : formLevelMessage(displayError, FORM_FIELDS);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const spotifyId = spotifyLink.trim() ? spotifyTrackIdFrom(spotifyLink) : null;
    if (spotifyLink.trim() && !spotifyId) {
      setLinkError('Use a Spotify track link (https://open.spotify.com/track/…), URI or id');
      return;
    }
    setLinkError(undefined);
    const result = await addRelease({
      title,
      artists: artistsFromText(artists),
      releaseDate,
      ...(artworkUrl.trim() ? { artworkUrl: artworkUrl.trim() } : {}),
      ...(spotifyId ? { spotifyId } : {}),
    });
    if (!('error' in result)) onAdded(result.data.song.title);
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Dialog.Title className="text-lg font-semibold text-slate-900">
        Add an upcoming release
      </Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-slate-600">
        A song you are about to release. It shows as upcoming until its release day; with its
        Spotify link it becomes available once Spotify plays it.
      </Dialog.Description>
      <div className="mt-5 space-y-4">
        {displayError?.code === 'PLAN_LIMIT' && <ApiErrorAlert error={displayError} />}
        {formMessage && <Alert tone="error">{formMessage}</Alert>}
        <TextField
          label="Title"
          name="title"
          required
          autoFocus
          maxLength={SONG_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={fields.title}
        />
        <TextField
          label="Artists"
          name="artists"
          required
          maxLength={ARTIST_NAME_MAX * 10}
          hint="Separate several artists with commas."
          value={artists}
          onChange={(event) => setArtists(event.target.value)}
          error={artistsError}
        />
        <TextField
          label="Release date"
          name="releaseDate"
          type="date"
          required
          min={firstUpcomingDay(new Date())}
          max={RELEASE_DATE_MAX}
          hint="After today."
          value={releaseDate}
          onChange={(event) => setReleaseDate(event.target.value)}
          error={fields.releaseDate}
        />
        <TextField
          label="Artwork link (optional)"
          name="artworkUrl"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={ARTWORK_URL_MAX}
          value={artworkUrl}
          onChange={(event) => setArtworkUrl(event.target.value)}
          error={fields.artworkUrl}
        />
        <TextField
          label="Spotify track link (optional)"
          name="spotifyLink"
          placeholder="https://open.spotify.com/track/…"
          maxLength={TRACK_REFERENCE_MAX}
          hint="If Spotify already gave the release its link or id."
          value={spotifyLink}
          onChange={(event) => setSpotifyLink(event.target.value)}
          error={linkError ?? fields.spotifyId}
        />
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading} busyLabel="Adding…">
          Add upcoming release
        </Button>
      </div>
    </form>
  );
}
