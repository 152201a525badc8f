import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isApiErrorBody } from '../../../../common/api/errors.js';

/**
 * Re-authentication ("confirm it is you") between a security change that the server answered
 * 403 REAUTHENTICATION_REQUIRED and its retry. The base query asks here; the one dialog
 * (features/profile/ReauthenticationDialog) shows while someone waits and answers every waiting
 * call at once: true once the session re-authenticated (each call is then sent again), false
 * when the person cancelled (each call ends with its 403). With no dialog on the page the answer
 * is false at once.
 */
type Listener = () => void;

let waiting: ((reauthenticated: boolean) => void)[] = [];
let dialogs = 0;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

/** Whether an answer from the API is the server asking to re-authenticate first. */
export function isReauthenticationRequired(error: FetchBaseQueryError | undefined): boolean {
  return (
    error !== undefined &&
    error.status === 403 &&
    isApiErrorBody(error.data) &&
    error.data.error.code === 'REAUTHENTICATION_REQUIRED'
  );
}

/** Waits for the dialog's answer: true when the call may be sent again. */
export function askToReauthenticate(): Promise<boolean> {
  if (dialogs === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    waiting.push(resolve);
    notify();
  });
}

/** Whether some call waits for re-authentication (the dialog is open while it does). */
export function reauthenticationAsked(): boolean {
  return waiting.length > 0;
}

/** The dialog's answer to every call waiting. */
export function answerReauthentication(reauthenticated: boolean): void {
  const answered = waiting;
  waiting = [];
  notify();
  answered.forEach((resolve) => resolve(reauthenticated));
}

/** The dialog subscribes while it is on the page (useSyncExternalStore's subscribe). */
export function subscribeReauthenticationDialog(listener: Listener): () => void {
  dialogs += 1;
  listeners.add(listener);
  return () => {
    dialogs -= 1;
    listeners.delete(listener);
    // Calls still waiting when the dialog leaves the page end with their 403.
    if (dialogs === 0) answerReauthentication(false);
  };
}
