/**
 * Resolves once the browser has painted the page as it is: after the next frame's paint (a
 * timer set from an animation frame runs after that frame is drawn). A page rendered on the
 * server is shown before the app's scripts take the CPU for start-up.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
