/**
 * Where the client's build leaves the app built for Node (web/build/serverRenderer.ts), beside
 * dist/web and outside it (dist/web is served as it is), and the module the server imports to
 * render a page (web/src/app/renderPage.tsx).
 */
export const SERVER_RENDERER = { folder: 'web-render', name: 'renderPage' } as const;
