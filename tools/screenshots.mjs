// `node tools/screenshots.mjs [baseUrl] [--only=group,group]`: the screenshots the README and
// docs/*.md link, into docs/screenshots, taken in Debian's Chromium against a running server in
// demo mode on a FRESH data folder (default http://127.0.0.1:3000). The demo seed has linked the
// demo curators to the local Spotify (docs/spotify.md, "Demo"). Groups, in the order they run:
//   visitor     signin, signup (signed out)
//   welcome     welcome-overlay (Gale, kept unlinked to show onboarding)
//   demo        demo-home, demo-playlists, demo-playlist-details (Avery as the seed left her)
//   schedule    schedule (1440 px), schedule-390
//   phone       phone-home, phone-songswaps, phone-trade, phone-playlist, phone-messenger (390 px)
//   main        home, playlists, playlist-details, catalog, messenger, songswaps, trade-details,
//               profile (Avery manages Fresh Finds Weekly and adds songs; Blake writes her)
//   history     history, where-is-song (Morning Coffee Acoustic edited in and outside the app)
//   discovery   discovery (Emery, Finley and Drew show playlists; Finley asks Avery's friendship)
//   invitation  invitation, network-invitations
//   bell        desk, bell (1440 px), desk-390, bell-390 (Emery accepts Avery, Finley asks her)
//   billing     trial-banner, plan-chooser-trial, plan-chooser-paid, plan-chooser-busy,
//               billing-section, expired-trial-banner: no server needed; `vite preview` of the
//               built client (`npm run build:web` first) on PREVIEW_PORT (4178), every API
//               call answered in the browser, so each state can be shown on demand.
// Order: groups that change the demo data run after those that must see it as seeded. demo and
// schedule first (nothing done yet); phone before main (main's managed Fresh Finds would become
// the first playlist phone-playlist opens); discovery before bell (bell makes Emery Avery's
// friend, and Discovery shows only curators who are not); bell last (opening it marks
// everything read, and its desk shows the day the other groups made).
// The hosted Checkout and portal pages of the local Stripe are taken by
// `npx tsx tools/stripe-screenshots.ts` (it starts the Stripe stand-in, no Curator server).
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const args = process.argv.slice(2);
const base = args.find((arg) => !arg.startsWith('--')) ?? 'http://127.0.0.1:3000';
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);
const out = 'docs/screenshots';
const PASSWORD = 'curate-demo-2026';
const WIDE = { width: 1440, height: 1000 };
const PHONE = { width: 390, height: 844 };
const FRESH_FINDS = 'W1KJdIulicn0Wys9FcxxGf';
const LATE_NIGHT = 'Wro5miOQZqqZM3Kg5uZFTV';

const browser = await chromium.launch(chromiumLaunchOptions);
/** The contexts the running group opened; closed when it ends. */
let contexts = [];

/** A page in a new context (no cookies shared with other pages). */
async function newPage(viewport = { width: 1280, height: 860 }, contextOptions = {}) {
  const context = await browser.newContext({ viewport, ...contextOptions });
  contexts.push(context);
  return context.newPage();
}

/** A page signed in as a demo curator, on Home. */
async function signedIn(email, viewport, contextOptions) {
  const page = await newPage(viewport, contextOptions);
  await page.goto(`${base}/signin`);
  // The form works once the app has taken the server's page (it marks the document).
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${base}/`);
  return page;
}

const api = (page, path, data) => page.request.post(`${base}/api/${path}`, { data });
const me = async (page) => (await (await page.request.get(`${base}/api/`)).json()).user;
const spotifyItems = async (page, playlistId) =>
  (await (await page.request.get(`${base}/_spotify/_control/playlists/${playlistId}/items`)).json())
    .items;

/** The signed-in curator once the demo seed has linked her (it links in the background). */
async function linkedMe(page) {
  let user = await me(page);
  for (let tries = 0; tries < 60 && user.accounts.length === 0; tries += 1) {
    await page.waitForTimeout(500);
    user = await me(page);
  }
  return user;
}

/**
 * docs/screenshots/<name>.png of the page (at `path` when given), once the network has settled
 * (`settle: false` for a screen with a call held in flight) and, with `spinners`, no spinner is
 * left.
 */
async function shot(page, name, { path, settle = true, spinners = false, ...options } = {}) {
  if (path) await page.goto(`${base}${path}`);
  if (settle) await page.waitForLoadState('networkidle');
  if (spinners)
    await page
      .locator('.animate-spin')
      .first()
      .waitFor({ state: 'detached', timeout: 20_000 })
      .catch(() => {});
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${name}.png`, ...options });
  console.log(`${out}/${name}.png`);
}

const BLAKE_WRITES =
  'Hi Avery! I loved Fresh Finds Weekly. Swap a song for my Sunset Sessions list? https://open.spotify.com/playlist/W1KJdIulicn0Wys9FcxxGf';

/** Blake's message to Avery, sent once whichever group asks first; answers the conversation. */
async function blakeWrote(averyId) {
  const blake = await signedIn('blake@demo.curator.test');
  const { conversation } = await (
    await api(blake, 'messenger/conversation/start', { userId: averyId })
  ).json();
  if (conversation.lastMessageContent !== BLAKE_WRITES)
    await api(blake, 'messenger/message/send', {
      conversationId: conversation.id,
      content: BLAKE_WRITES,
    });
  return conversation;
}

async function visitor() {
  const page = await newPage({ width: 1280, height: 800 });
  await shot(page, 'signin', { path: '/signin' });
  await shot(page, 'signup', { path: '/signup' });
}

async function welcome() {
  // Gale's trial has ended: the plan chooser may open over the welcome overlay; closed if so.
  const gale = await signedIn('gale@demo.curator.test');
  await gale.getByRole('dialog', { name: /^Welcome, / }).waitFor();
  await gale.waitForLoadState('networkidle');
  const chooser = gale.getByRole('dialog', { name: 'Choose the plan that best suits your needs' });
  if (await chooser.isVisible()) await chooser.getByRole('button', { name: 'Close' }).click();
  await shot(gale, 'welcome-overlay');
}

async function demo() {
  const avery = await signedIn('avery@demo.curator.test');
  const { accounts } = await linkedMe(avery);
  await shot(avery, 'demo-home', { path: '/' });
  await shot(avery, 'demo-playlists', { path: '/playlists', fullPage: true });
  const accountId = accounts.find((account) => account.email === 'Mara Velden').id;
  // Late Night Drive as seeded: 90 days of followers, locks, removal dates, duplicates.
  await avery.setViewportSize({ width: 1280, height: 1500 });
  await shot(avery, 'demo-playlist-details', { path: `/playlists/${accountId}/${LATE_NIGHT}` });
}

async function schedule() {
  for (const [width, name] of [
    [1440, 'schedule'],
    [390, 'schedule-390'],
  ]) {
    const page = await signedIn(
      'avery@demo.curator.test',
      { width, height: 900 },
      { deviceScaleFactor: 1 },
    );
    await linkedMe(page);
    await page.goto(`${base}/schedule`);
    await page.getByRole('list', { name: 'Schedule' }).waitFor();
    await shot(page, name, { fullPage: true });
  }
}

async function phone() {
  const avery = await signedIn('avery@demo.curator.test', PHONE, { isMobile: true });
  const conversation = await blakeWrote((await linkedMe(avery)).id);
  await shot(avery, 'phone-home', { path: '/', spinners: true });
  await shot(avery, 'phone-songswaps', { path: '/songswap', spinners: true });
  await avery.locator('a[href^="/songswap/"]').first().click();
  await avery.waitForURL(/\/songswap\/[^/]+$/);
  await shot(avery, 'phone-trade', { spinners: true });
  await avery.goto(`${base}/playlists`);
  await avery.locator('a[href^="/playlists/"]').first().click();
  await avery.waitForURL(/\/playlists\/[^/]+\/[^/]+$/);
  await shot(avery, 'phone-playlist', { spinners: true });
  await shot(avery, 'phone-messenger', { path: `/messenger/${conversation.id}`, spinners: true });
}

async function main() {
  const avery = await signedIn('avery@demo.curator.test');
  const user = await linkedMe(avery);
  const accountId = user.accounts.find((account) => account.email === 'Mara Velden').id;
  await api(avery, 'playlists/add', { accountId, playlistId: FRESH_FINDS });
  for (const track of (await spotifyItems(avery, FRESH_FINDS)).slice(0, 4))
    await api(avery, 'songs/addtocatalog', { track: track.trackId });
  await api(avery, 'playlists/add-position', { playlistId: FRESH_FINDS, position: 0 });
  const conversation = await blakeWrote(user.id);

  await shot(avery, 'home', { path: '/' });
  await shot(avery, 'playlists', { path: '/playlists' });
  await shot(avery, 'playlist-details', {
    path: `/playlists/${accountId}/${FRESH_FINDS}`,
    fullPage: true,
  });
  await shot(avery, 'catalog', { path: '/catalog' });
  await shot(avery, 'messenger', { path: `/messenger/${conversation.id}` });
  await shot(avery, 'songswaps', { path: '/songswap' });
  await avery.getByRole('table').getByRole('link').first().click();
  await shot(avery, 'trade-details', { fullPage: true });
  await shot(avery, 'profile', { path: '/profile' });
}

async function history() {
  const PLAYLIST = 'Morning Coffee Acoustic';
  const page = await signedIn('avery@demo.curator.test', { width: 1280, height: 900 });
  page.setDefaultTimeout(60_000);
  const { accounts } = await linkedMe(page);
  const accountId = accounts.find((account) => account.email === 'Mara Velden').id;
  const { playlists } = await (
    await page.request.get(`${base}/_spotify/_control/playlists?userId=mara.velden`)
  ).json();
  const playlistId = playlists.find((playlist) => playlist.name === PLAYLIST).id;
  const edit = (body) =>
    page.request.post(`${base}/_spotify/_control/edit`, { data: { playlistId, edit: body } });

  // A change through the product, then two outside it (another app on the local Spotify); the
  // History tab records them when opened.
  await page.goto(`${base}/playlists/${accountId}/${playlistId}`);
  // A click before the app has taken the server's page would do nothing.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const before = await spotifyItems(page, playlistId);
  // Wait for the product's answer: it records its version right after its edit.
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/playlists/move-track')),
    page.getByRole('button', { name: `Move ${before[2].name} down` }).click(),
  ]);
  await edit({ kind: 'remove', position: 5 });
  await edit({ kind: 'move', from: 7, to: 1 });
  await page.reload();
  await page.getByRole('tab', { name: 'History' }).click();
  const entries = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem');
  await entries.first().waitFor();
  await entries.last().getByRole('checkbox', { name: 'Compare' }).check();
  await entries.first().getByRole('checkbox', { name: 'Compare' }).check();
  await page.getByRole('region', { name: /^Changes from version 1 to version/ }).waitFor();
  await page.getByRole('tablist').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, -120);
  await shot(page, 'history');

  // Where is this song: a track of the playlist added to the catalogue.
  const song = (await spotifyItems(page, playlistId))[3];
  await api(page, 'songs/addtocatalog', { track: song.trackId });
  await page.goto(`${base}/catalog`);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Favourite ${song.name}` }) });
  await row.getByRole('button', { name: 'Where is it?' }).click();
  await row.getByText(`${PLAYLIST} at`).waitFor();
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'where-is-song');
}

async function discovery() {
  // Three demo curators who are not Avery's friends show a playlist of their local Spotify user
  // (the real path: their Discovery summary is written then), linking it first when the demo
  // seed has not (a curator the seed linked to another user keeps the playlist it showed);
  // Avery adds songs by some of their artists to her catalogue, and Finley sends her a friend
  // request (Drew's comes from the demo seed; Blake and Casey are already her friends, so not
  // potential partners).
  const PLAYLISTS = {
    theo: { id: 'q0oJhsqXtPaCDQJ1jtOcBG', owner: 'theo.okafor' },
    lena: { id: '74RruAuCOr48IfcQTfVxGj', owner: 'lena.kowalczyk' },
    sol: { id: 'tIGqdsFYuW3IqYXFrdSX0I', owner: 'sol.ortega' },
  };
  const viewport = { width: 1280, height: 1000 };
  /** Links the Spotify user through the welcome overlay when the seed has not. */
  async function linked(email, spotifyName) {
    const page = await signedIn(email, viewport);
    if ((await me(page)).accounts.length === 0) {
      await page.getByRole('button', { name: 'Connect Spotify Account' }).click();
      await page.getByRole('button', { name: new RegExp(spotifyName) }).click();
      await page.getByText(`Connected ${spotifyName}`).waitFor();
    }
    return { page, user: await me(page) };
  }
  async function showPlaylist(curator, { id: playlistId, owner }) {
    const account = curator.user.accounts.find((each) => each.spotifyUserId === owner);
    if (!account) return;
    await api(curator.page, 'playlists/add', { accountId: account.id, playlistId });
    const shown = await api(curator.page, 'playlists/visibility', {
      playlistId,
      visible: true,
      confirmPrivate: true,
    });
    if (!shown.ok()) throw new Error(`visibility: ${shown.status()} ${await shown.text()}`);
  }

  const emery = await linked('emery@demo.curator.test', 'Theo Okafor');
  await showPlaylist(emery, PLAYLISTS.theo);
  const finley = await linked('finley@demo.curator.test', 'Lena Kowalczyk');
  await showPlaylist(finley, PLAYLISTS.lena);
  const drew = await linked('drew@demo.curator.test', 'Sol Ortega');
  await showPlaylist(drew, PLAYLISTS.sol);

  const avery = await linked('avery@demo.curator.test', 'Mara Velden');
  const catalogue = [
    ...(await spotifyItems(avery.page, PLAYLISTS.theo.id)).slice(0, 4),
    ...(await spotifyItems(avery.page, PLAYLISTS.lena.id)).slice(0, 1),
  ];
  for (const track of catalogue)
    await api(avery.page, 'songs/addtocatalog', { track: track.trackId });
  await api(finley.page, 'users/friend/request/send', { userId: avery.user.id });

  await avery.page.goto(`${base}/discovery`);
  await avery.page.getByRole('list', { name: 'Potential partners' }).waitFor();
  await shot(avery.page, 'discovery', { fullPage: true });
}

async function invitation() {
  // Avery creates two links (one mailed); a visitor opens one.
  const avery = await signedIn('avery@demo.curator.test');
  await api(avery, 'users/invite/create', { email: 'sam.rivers@example.test' });
  const created = await (await api(avery, 'users/invite/create', {})).json();
  const page = await newPage({ width: 1280, height: 800 });
  await page.goto(`${base}${new URL(created.url).pathname}`);
  await page.getByRole('heading', { name: /invited you to/ }).waitFor();
  await shot(page, 'invitation');

  await avery.goto(`${base}/network?tab=invitations`);
  await avery.keyboard.press('Escape');
  await avery.getByRole('list', { name: 'Open invitations' }).waitFor();
  await shot(avery, 'network-invitations');
}

async function bell() {
  // Avery's bell gets what a day brings: the demo announcement (when the server seeds one),
  // Emery accepting the request Avery had sent, and a friend request from Finley.
  const avery = await signedIn('avery@demo.curator.test', WIDE);
  const averyId = (await linkedMe(avery)).id;
  await avery.reload();
  // The demo announcement opens over the first screen once: dismissed, as a curator would.
  const { announcement } = await (await api(avery, 'users/announcement', {})).json();
  if (announcement) await api(avery, 'users/announcement/dismiss', { id: announcement.id });
  const emery = await signedIn('emery@demo.curator.test', WIDE);
  await api(emery, 'users/friend/acceptreject', { userId: averyId, accept: true });
  const finley = await signedIn('finley@demo.curator.test', WIDE);
  await api(finley, 'users/friend/request/send', { userId: averyId });

  async function desk(page, name) {
    await page.goto(`${base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).waitFor();
    await shot(page, name);
  }
  async function open(page, name) {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByRole('link').first().waitFor();
    await shot(page, name);
  }
  // Opening the bell marks what it shows read: both desks first, then the wide bell (its
  // entries marked new), then the phone's (read by then).
  const phoneAvery = await signedIn('avery@demo.curator.test', PHONE);
  await desk(avery, 'desk');
  await desk(phoneAvery, 'desk-390');
  await open(avery, 'bell');
  await open(phoneAvery, 'bell-390');
}

async function billing() {
  const port = Number(process.env.PREVIEW_PORT ?? 4178);
  const preview = `http://127.0.0.1:${port}`;
  const DAY = 86_400_000;
  const isoIn = (days) => new Date(Date.now() + days * DAY).toISOString();
  const user = (plan) => ({
    id: 'user-1',
    name: 'Avery Chen',
    email: 'avery@demo.curator.test',
    accounts: [
      {
        id: '6f1c1f4e-7c47-4d3c-9a53-0d2b1b0c0a01',
        email: 'Mara Velden',
        regrant: false,
        spotifyUserId: 'mara.velden',
        displayName: 'Mara Velden',
        imageUrl: null,
      },
    ],
    userProfilePicture: null,
    images: [],
    customer: { plan },
    profile: {
      description: 'Indie and lo-fi playlists',
      network: 'Lo-fi collective',
      notifications: { swaps: true, messages: true, friendRequests: true },
    },
  });
  const subscription = {
    plan: 'pro',
    status: 'active',
    currentPeriodEnd: isoIn(23),
    cancelAtPeriodEnd: false,
    nextInvoice: { amountDue: 4500, date: isoIn(23) },
    card: { brand: 'visa', last4: '4242' },
  };
  const invoice = (n, daysAgo, overrides = {}) => ({
    id: `in_demo${n}`,
    number: `CUR-${String(n).padStart(4, '0')}`,
    createdAt: isoIn(-daysAgo),
    status: 'paid',
    total: 1800,
    amountPaid: 1800,
    proration: false,
    description: 'Curator Starter',
    hostedInvoiceUrl: `${preview}/_stripe/invoices/in_demo${n}`,
    ...overrides,
  });
  const invoices = [
    invoice(4, 2, {
      total: 1987,
      amountPaid: 1987,
      proration: true,
      description: 'Switch from Curator Starter to Curator Pro',
    }),
    invoice(3, 7),
    invoice(2, 37),
    invoice(1, 67),
  ];

  /** Answers the app's calls for one scenario; `held` paths never answer (busy states). */
  async function scenario({ plan, meta, held = [] }, viewport, { chooserShown } = {}) {
    const page = await newPage(viewport);
    if (chooserShown)
      await page.context().addInitScript(() => sessionStorage.setItem('upgradeModalShown', 'true'));
    // No realtime server here: the socket is refused quietly, as when offline.
    await page.routeWebSocket(/\/events\.io\//, (socket) => socket.close());
    await page.route('**/api/**', async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (held.includes(path)) return; // left in flight
      const json = (body, status = 200) => route.fulfill({ status, json: body });
      switch (path) {
        case '/api/':
          return json({ user: user(plan), meta });
        case '/api/auth/stripe/subscription':
          return json({ subscription });
        case '/api/auth/stripe/invoices':
          return json({ invoices, hasMore: true });
        case '/api/messenger/conversations':
          return json({ conversations: [] });
        case '/api/messenger/online/status':
          return json({ status: {} });
        case '/api/messenger/heartbeat':
          return json({ success: true });
        case '/api/songs/catalog':
          return json({
            songs: [],
            nextCursor: null,
            limits: { catalogTracks: 5, count: 0, plan: 'free' },
            popularity: { providerGivesScore: false },
          });
        default:
          return json(
            { error: { code: 'NOT_FOUND', message: `Not in this scenario: ${path}` } },
            404,
          );
      }
    });
    return page;
  }
  // A held call stays in flight: these screens are taken after a pause, not once it settles.
  const still = (page, name) => shot(page, name, { settle: false });
  const trialMeta = (daysLeft) => ({ trial: { daysLeft, expired: daysLeft <= 0 }, billing: null });
  const chooserTitle = 'Choose the plan that best suits your needs';

  const server = spawn(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'preview',
      '--config',
      'web/vite.config.ts',
      '--port',
      String(port),
      '--strictPort',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await new Promise((resolve, reject) => {
      server.stdout.on('data', (chunk) => String(chunk).includes(String(port)) && resolve());
      server.on('exit', (code) => reject(new Error(`vite preview ended (${code})`)));
    });
    const trial = await scenario({ plan: 'trial', meta: trialMeta(9) });
    await trial.goto(`${preview}/`);
    await trial.getByRole('status', { name: 'Trial' }).waitFor();
    await still(trial, 'trial-banner');
    await trial.getByRole('button', { name: 'See plans' }).click();
    await trial.getByRole('dialog', { name: chooserTitle }).waitFor();
    await still(trial, 'plan-chooser-trial');

    const paidMeta = { ...trialMeta(-40), billing: { status: 'active' } };
    const paid = await scenario(
      { plan: 'starter', meta: paidMeta, held: ['/api/auth/upgrade'] },
      { width: 1280, height: 1000 },
    );
    await paid.goto(`${preview}/account/upgrade`);
    await paid.getByRole('dialog', { name: chooserTitle }).waitFor();
    await still(paid, 'plan-chooser-paid');
    await paid.getByRole('tab', { name: /^Pro/ }).click();
    await paid.getByRole('button', { name: 'Switch to Pro Plan - $45/month' }).click();
    await paid.getByRole('button', { name: 'Switching Plans...' }).waitFor();
    await paid.getByRole('button', { name: 'Switching Plans...' }).scrollIntoViewIfNeeded();
    await still(paid, 'plan-chooser-busy');

    const section = await scenario({ plan: 'pro', meta: paidMeta }, { width: 1280, height: 1040 });
    await section.goto(`${preview}/profile/billing`);
    await section.getByRole('table', { name: 'Invoices, newest first' }).waitFor();
    await still(section, 'billing-section');

    const expired = await scenario({ plan: 'trial', meta: trialMeta(-9) }, undefined, {
      chooserShown: true,
    });
    await expired.goto(`${preview}/catalog`);
    await expired.getByRole('region', { name: 'Trial expired' }).waitFor();
    await still(expired, 'expired-trial-banner');
  } finally {
    server.kill();
  }
}

const groups = {
  visitor,
  welcome,
  demo,
  schedule,
  phone,
  main,
  history,
  discovery,
  invitation,
  bell,
  billing,
};
const unknown = (only ?? []).filter((name) => !(name in groups));
if (unknown.length > 0) {
  console.error(
    `Unknown group(s): ${unknown.join(', ')}. Groups: ${Object.keys(groups).join(', ')}`,
  );
  process.exitCode = 2;
} else {
  try {
    for (const [name, group] of Object.entries(groups)) {
      if (only && !only.includes(name)) continue;
      try {
        await group();
      } finally {
        await Promise.all(contexts.map((context) => context.close()));
        contexts = [];
      }
    }
  } finally {
    await browser.close();
  }
}
