import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { User } from '../../../../common/api/user.js';
import { PICTURE_MAX_BYTES } from '../../../../common/api/auth/limits.js';
import { profilePictureUrl } from '../../../../common/domain/profilePicture.js';
import { toDisplayError } from '../../shared/api/displayError';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { useRemoveProfilePictureMutation, useUploadProfilePictureMutation } from '../auth';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
const MAX_MB = PICTURE_MAX_BYTES / (1024 * 1024);

/** The chosen file and a local preview URL of it, released when replaced or unmounted. */
function useChosenFile() {
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const previewRef = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );
  const choose = (file: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    const preview = file ? URL.createObjectURL(file) : null;
    previewRef.current = preview;
    setChosen(file && preview ? { file, preview } : null);
  };
  return { file: chosen?.file ?? null, preview: chosen?.preview ?? null, choose };
}

/**
 * The picture section: the current picture (uploaded, else the Spotify one, else initials),
 * choose a file with a preview, upload it, or remove the uploaded one.
 */
export function PictureSection({ user }: { user: User }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const { file, preview, choose } = useChosenFile();
  const [tooBig, setTooBig] = useState(false);
  const [upload, uploadState] = useUploadProfilePictureMutation();
  const [remove, removeState] = useRemoveProfilePictureMutation();
  const uploadError = toDisplayError(uploadState.error);
  const removeError = toDisplayError(removeState.error);
  const fieldError = tooBig
    ? `The picture must be at most ${MAX_MB} MB.`
    : (uploadError?.fields.picture ?? uploadError?.message);
  const current = profilePictureUrl(user, 512);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    uploadState.reset();
    removeState.reset();
    setTooBig(chosen !== null && chosen.size > PICTURE_MAX_BYTES);
    choose(chosen);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || tooBig) return;
    const result = await upload(file);
    if ('data' in result) choose(null);
  };

  const shown = preview ?? current;
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-base font-semibold text-slate-900">Picture</h2>
      <p className="mt-1 text-sm text-slate-600">
        Other curators see it next to your name. Without one, we show the picture of your Spotify
        account, if it has one.
      </p>
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
        <div className="size-32 shrink-0 overflow-hidden rounded-full bg-brand-100 ring-1 ring-slate-200">
          {shown ? (
            <img
              src={shown}
              alt={preview ? 'Preview of the chosen picture' : 'Your current picture'}
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-sm text-brand-700">
              No picture
            </span>
          )}
        </div>
        <form onSubmit={onSubmit} noValidate className="min-w-0 flex-1 space-y-4">
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
              Choose a picture
            </label>
            <input
              id={inputId}
              type="file"
              name="picture"
              accept={ACCEPT}
              onChange={onChoose}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : hintId}
              className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100"
            />
            {fieldError ? (
              <p id={errorId} className="mt-1.5 text-xs text-red-600">
                {fieldError}
              </p>
            ) : (
              <p id={hintId} className="mt-1.5 text-xs text-slate-500">
                JPEG, PNG, WebP, GIF or AVIF, at most {MAX_MB} MB. We crop it to a square and remove
                its metadata (such as where a photo was taken).
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              disabled={!file || tooBig}
              busy={uploadState.isLoading}
              busyLabel="Uploading…"
            >
              Upload picture
            </Button>
            {user.userProfilePicture && (
              <Button
                type="button"
                variant="secondary"
                busy={removeState.isLoading}
                busyLabel="Removing…"
                onClick={() => void remove()}
              >
                Remove picture
              </Button>
            )}
          </div>
          {uploadState.isSuccess && (
            <p role="status" className="text-sm font-medium text-emerald-700">
              Your new picture is saved.
            </p>
          )}
          {removeState.isSuccess && (
            <p role="status" className="text-sm font-medium text-emerald-700">
              Your picture has been removed.
            </p>
          )}
          {removeError && <Alert tone="error">{removeError.message}</Alert>}
        </form>
      </div>
    </Card>
  );
}
