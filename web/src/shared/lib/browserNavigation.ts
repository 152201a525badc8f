/**
 * Navigations that leave the single-page app (to Spotify's consent page or Stripe's checkout,
 * say) or reload it. One object, so tests can watch the browser boundary as they watch fetch.
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
