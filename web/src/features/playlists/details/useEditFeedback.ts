import { useMemo, useState } from 'react';
import { toDisplayError, type DisplayError } from '../../../shared/api/displayError';

export const CONFLICT_MESSAGE =
  'The playlist changed on Spotify meanwhile, so nothing was changed. It has been reloaded: check it and try again.';

/** A CONFLICT (the playlist changed on Spotify) told as what happened and what to do. */
export function conflictAware(error: DisplayError): DisplayError {
  return error.code === 'CONFLICT' ? { ...error, message: CONFLICT_MESSAGE } : error;
}

export interface EditFailure {
  title: string;
  error: DisplayError;
}

/** What the track edits report: the last failure, shown, and the last success, announced. */
export interface EditFeedback {
  failure: EditFailure | null;
  announcement: string;
  /** Stable: shows `error` under `title`, a CONFLICT told as such. */
  fail: (title: string, error: Parameters<typeof toDisplayError>[0]) => void;
  /** Stable. */
  clearFailure: () => void;
  /** Stable: says `text` to screen readers (a polite live region). */
  announce: (text: string) => void;
}

export function useEditFeedback(): EditFeedback {
  const [failure, setFailure] = useState<EditFailure | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const report = useMemo(
    () => ({
      fail: (title: string, error: Parameters<typeof toDisplayError>[0]) => {
        const display = toDisplayError(error);
        if (display) setFailure({ title, error: conflictAware(display) });
      },
      clearFailure: () => setFailure(null),
      announce: setAnnouncement,
    }),
    [],
  );
  return { failure, announcement, ...report };
}
