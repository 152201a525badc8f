import { hashOf } from './prng.js';

/**
 * Generated cover art: every album, playlist and user gets its own SVG, derived from its id
 * so it never changes between restarts, without shipping any real artwork.
 */
const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

function palette(seed: string): [string, string, string] {
  const hash = hashOf(seed);
  const hue = hash % 360;
  const shift = 30 + ((hash >>> 9) % 120);
  return [
    `hsl(${hue} 65% 42%)`,
    `hsl(${(hue + shift) % 360} 70% 28%)`,
    `hsl(${(hue + 180) % 360} 80% 70%)`,
  ];
}

function svg(body: string, [from, to]: [string, string, string], label: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 640" width="640" height="640"',
    ` role="img" aria-label="${escapeXml(label)}">`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="640" height="640" fill="url(#g)"/>',
    body,
    '</svg>',
  ].join('');
}

function title(text: string, y: number, size: number): string {
  const shown = text.length > 28 ? `${text.slice(0, 27)}…` : text;
  return `<text x="40" y="${y}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(shown)}</text>`;
}

export function albumArt(id: string, name: string, artist: string): string {
  const colours = palette(id);
  const hash = hashOf(`${id}/shape`);
  const shapes: string[] = [];
  const count = 3 + (hash % 5);
  for (let i = 0; i < count; i += 1) {
    const r = 60 + ((hash >>> (i * 3)) % 180);
    const cx = 120 + ((hash >>> (i * 5)) % 400);
    const cy = 100 + ((hash >>> (i * 7)) % 330);
    shapes.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${colours[2]}" stroke-opacity="0.55" stroke-width="${6 + i * 3}"/>`,
    );
  }
  return svg(
    `${shapes.join('')}${title(name, 560, 40)}${title(artist, 600, 26)}`,
    colours,
    `${name} by ${artist}`,
  );
}

export function playlistArt(id: string, name: string, albumIds: string[]): string {
  const tiles = albumIds.slice(0, 4).map((albumId, index) => {
    const [from] = palette(albumId);
    return `<rect x="${(index % 2) * 320}" y="${Math.floor(index / 2) * 320}" width="320" height="320" fill="${from}" fill-opacity="0.85"/>`;
  });
  const shade = '<rect y="470" width="640" height="170" fill="#000" fill-opacity="0.45"/>';
  return svg(`${tiles.join('')}${shade}${title(name, 580, 44)}`, palette(id), name);
}

export function avatarArt(id: string, displayName: string): string {
  const initials = displayName
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const text = `<text x="320" y="390" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="220" font-weight="700" fill="#fff">${escapeXml(initials)}</text>`;
  return svg(text, palette(id), displayName);
}
