/** Requests that take longer are reported as a timeout instead of hanging the screen. */
export const REQUEST_TIMEOUT_MS = 20_000;
