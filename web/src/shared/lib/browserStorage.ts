/**
 * localStorage, or null where the browser refuses it (privacy modes, disabled storage), so
 * callers can carry on without it.
 */
export function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
