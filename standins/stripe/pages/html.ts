/**
 * The hosted pages' frame: plain HTML with one stylesheet and no script, so a strict
 * Content-Security-Policy on the host allows them; text is always escaped.
 */
export const escapeHtml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A tagged template that escapes every interpolated value unless it is already Html. */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Value = string | number | Html | null | undefined | false | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += render(value) + (strings[index + 1] ?? '');
  });
  return new Html(text);
}

export const STYLESHEET_PATH = '/_stripe/assets/stand-in.css';

export function page(title: string, body: Html, options: { wide?: boolean } = {}): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
      </head>
      <body class="${options.wide ? 'wide' : ''}">
        ${body}
      </body>
    </html>`.text;
}

export function testModeBadge(): Html {
  return html`<span class="badge">Test mode</span>`;
}

/** A small round mark with the business's initial. */
export function merchantMark(name: string): Html {
  return html`<span class="mark" aria-hidden="true">${name.slice(0, 1).toUpperCase()}</span>`;
}
