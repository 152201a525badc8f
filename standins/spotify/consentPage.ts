import type { DemoUser } from './model.js';

/**
 * The accounts service's pages: the consent screen where one picks which demo Spotify user
 * to log in as, and the error page shown when the app's request cannot even be redirected.
 * Plain HTML with a stylesheet and no script, so a strict Content-Security-Policy allows it.
 */
const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const SCOPE_TEXT: Record<string, string> = {
  'user-read-private': 'View your Spotify account data',
  'user-read-email': 'View your email address',
  'playlist-read-private': 'View your private playlists',
  'playlist-read-collaborative': 'View your collaborative playlists',
  'playlist-modify-public': 'Manage your public playlists',
  'playlist-modify-private': 'Manage your private playlists',
};

function page(title: string, cssUrl: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(cssUrl)}">
</head>
<body>
<main class="card">
<p class="badge">Local Spotify stand-in</p>
${body}
</main>
</body>
</html>`;
}

export interface ConsentView {
  consentId: string;
  clientId: string;
  scopes: string[];
  users: readonly DemoUser[];
  decisionUrl: string;
  cssUrl: string;
  avatarUrl: (user: DemoUser) => string | undefined;
}

export function consentPage(view: ConsentView): string {
  const scopes = view.scopes.length
    ? `<ul class="scopes">${view.scopes.map((scope) => `<li>${escapeHtml(SCOPE_TEXT[scope] ?? scope)}</li>`).join('')}</ul>`
    : '<p>It asks for no special permissions.</p>';
  const users = view.users
    .map((user) => {
      const avatar = view.avatarUrl(user);
      const picture = avatar
        ? `<img src="${escapeHtml(avatar)}" alt="" width="40" height="40">`
        : '<span class="blank"></span>';
      return `<li><button type="submit" name="user_id" value="${escapeHtml(user.id)}">${picture}<span><strong>${escapeHtml(user.displayName)}</strong><small>${escapeHtml(user.id)}</small></span></button></li>`;
    })
    .join('');
  return page(
    'Log in to Spotify',
    view.cssUrl,
    `<h1>Log in to Spotify</h1>
<p>The app <code>${escapeHtml(view.clientId)}</code> would like to connect to your Spotify account.</p>
${scopes}
<form method="post" action="${escapeHtml(view.decisionUrl)}">
<input type="hidden" name="consent_id" value="${escapeHtml(view.consentId)}">
<p>Choose a demo Spotify user to agree as:</p>
<ul class="users">${users}</ul>
<button type="submit" name="action" value="cancel" class="cancel">Cancel</button>
</form>`,
  );
}

export function errorPage(message: string, cssUrl: string): string {
  return page(
    'Spotify error',
    cssUrl,
    `<h1>Oops! Something went wrong</h1><p>${escapeHtml(message)}</p>`,
  );
}

export const CONSENT_CSS = `
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #121212; color: #fff;
  font-family: Helvetica, Arial, sans-serif; }
.card { width: min(28rem, 92vw); background: #181818; border-radius: 12px; padding: 2rem; }
.badge { display: inline-block; font-size: .75rem; background: #1ed760; color: #000; border-radius: 999px;
  padding: .2rem .6rem; margin: 0 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
code { color: #1ed760; }
.scopes { color: #b3b3b3; padding-left: 1.2rem; }
.users { list-style: none; padding: 0; display: grid; gap: .5rem; }
.users button { width: 100%; display: flex; align-items: center; gap: .8rem; text-align: left; padding: .6rem .8rem;
  border-radius: 8px; border: 1px solid #333; background: #242424; color: #fff; cursor: pointer; font: inherit; }
.users button:hover, .users button:focus-visible { border-color: #1ed760; outline: none; }
.users img, .users .blank { width: 40px; height: 40px; border-radius: 50%; background: #535353; flex: none; }
.users small { display: block; color: #b3b3b3; }
.cancel { margin-top: 1rem; background: none; border: 1px solid #727272; color: #fff; border-radius: 999px;
  padding: .6rem 1.4rem; cursor: pointer; font: inherit; }
.cancel:focus-visible { outline: 2px solid #1ed760; }
`;
