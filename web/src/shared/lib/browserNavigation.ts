/**
 * Navigations that leave the single-page app (to Spotify's consent page, say). One object,
 * so tests can watch the browser boundary as they watch fetch.
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
