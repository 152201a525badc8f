// Debian's Chromium and the flags every test, benchmark and screenshot script launches it
// with (README, "This machine"). Playwright never downloads a browser here.

/** The Chromium binary: CHROMIUM_PATH, or Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Playwright's launch options for that Chromium (`chromium.launch(chromiumLaunchOptions)`). */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };
