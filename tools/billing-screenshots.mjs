// `node tools/billing-screenshots.mjs`: screenshots of the plan chooser, the billing section and
// the trial banners into docs/screenshots, taken in Debian's Chromium against `vite preview` of
// the built client (run `npm run build:web` first) with every API call answered in the browser
// (page.route), so no server or Stripe is needed and each state can be shown on demand.
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

const port = Number(process.env.PREVIEW_PORT ?? 4178);
const base = `http://127.0.0.1:${port}`;
const out = 'docs/screenshots';

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
  hostedInvoiceUrl: `${base}/_stripe/invoices/in_demo${n}`,
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
async function mockApi(page, { plan, meta, held = [] }) {
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
}

const preview = spawn(
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
await new Promise((resolve, reject) => {
  preview.stdout.on('data', (chunk) => String(chunk).includes(String(port)) && resolve());
  preview.on('exit', (code) => reject(new Error(`vite preview ended (${code})`)));
});

const browser = await chromium.launch(chromiumLaunchOptions);

async function scenario(options, { viewport = { width: 1280, height: 860 }, chooserShown } = {}) {
  const context = await browser.newContext({ viewport });
  if (chooserShown) {
    await context.addInitScript(() => sessionStorage.setItem('upgradeModalShown', 'true'));
  }
  const page = await context.newPage();
  // No realtime server here: the socket is refused quietly, as when offline.
  await page.routeWebSocket(/\/events\.io\//, (socket) => socket.close());
  await mockApi(page, options);
  return page;
}

async function shot(page, name) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${out}/${name}.png`);
}

const trialMeta = (daysLeft) => ({ trial: { daysLeft, expired: daysLeft <= 0 }, billing: null });
const chooserTitle = 'Choose the plan that best suits your needs';

try {
  const trial = await scenario({ plan: 'trial', meta: trialMeta(9) });
  await trial.goto(`${base}/`);
  await trial.getByRole('status', { name: 'Trial' }).waitFor();
  await shot(trial, 'trial-banner');
  await trial.getByRole('button', { name: 'See plans' }).click();
  await trial.getByRole('dialog', { name: chooserTitle }).waitFor();
  await shot(trial, 'plan-chooser-trial');

  const paidMeta = { ...trialMeta(-40), billing: { status: 'active' } };
  const paid = await scenario(
    { plan: 'starter', meta: paidMeta, held: ['/api/auth/upgrade'] },
    { viewport: { width: 1280, height: 1000 } },
  );
  await paid.goto(`${base}/account/upgrade`);
  await paid.getByRole('dialog', { name: chooserTitle }).waitFor();
  await shot(paid, 'plan-chooser-paid');
  await paid.getByRole('tab', { name: /^Pro/ }).click();
  await paid.getByRole('button', { name: 'Switch to Pro Plan - $45/month' }).click();
  await paid.getByRole('button', { name: 'Switching Plans...' }).waitFor();
  await paid.getByRole('button', { name: 'Switching Plans...' }).scrollIntoViewIfNeeded();
  await shot(paid, 'plan-chooser-busy');

  const billing = await scenario(
    { plan: 'pro', meta: { ...paidMeta } },
    { viewport: { width: 1280, height: 1040 } },
  );
  await billing.goto(`${base}/profile/billing`);
  await billing.getByRole('table', { name: 'Invoices, newest first' }).waitFor();
  await shot(billing, 'billing-section');

  const expired = await scenario({ plan: 'trial', meta: trialMeta(-9) }, { chooserShown: true });
  await expired.goto(`${base}/catalog`);
  await expired.getByRole('region', { name: 'Trial expired' }).waitFor();
  await shot(expired, 'expired-trial-banner');
} finally {
  await browser.close();
  preview.kill();
}
