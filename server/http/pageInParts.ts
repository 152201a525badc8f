import { PassThrough, pipeline, type Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SCREEN_CONTAINER_ID } from '../../common/build/prerenderedScreens.js';

/** The opening tag of the element the screen is rendered in (the signed-in shell's `<main>`). */
const SCREEN_CONTAINER = new RegExp(`<main\\b[^>]*\\bid="${SCREEN_CONTAINER_ID}"[^>]*>`);

/** Where the screen's markup starts in a rendered page: after its container's opening tag. */
export function screenStart(page: string): number | undefined {
  const match = SCREEN_CONTAINER.exec(page);
  return match ? match.index + match[0].length : undefined;
}

/**
 * A page sent in two parts: `page` (rendered before its screen's slow reads, so its screen
 * shows their loading state) up to where its screen starts, at once, so that the browser paints
 * the shell; then the rest of the page `later` answers (the same page rendered once the slow
 * reads were in), or, when `later` answers nothing or fails (which is reported to `warn`), the
 * rest of `page`, whose screen the app then completes itself. Both renders come from the same
 * start-up answer, so the shell before the screen is the same in both. A page without the
 * screen's container is answered whole.
 */
export function pageInTwoParts(
  page: string,
  later: () => Promise<string | undefined>,
  warn: (message: string, error?: unknown) => void,
): string | Readable {
  const start = screenStart(page);
  if (start === undefined) return page;
  const stream = new PassThrough();
  stream.write(page.slice(0, start));
  const restOf = (full: string | undefined) => {
    const fullStart = full === undefined ? undefined : screenStart(full);
    return full !== undefined && fullStart !== undefined
      ? full.slice(fullStart)
      : page.slice(start);
  };
  void later()
    .then(restOf, (error: unknown) => {
      warn('the screen of a page sent in two parts could not be rendered, sent without it', error);
      return page.slice(start);
    })
    .then((rest) => {
      if (!stream.destroyed) stream.end(rest); // destroyed: the browser went away
    });
  return stream;
}

/**
 * Sends a page that comes in parts, compressed the way @fastify/compress compresses the other
 * answers (brotli at its quality 4, or gzip, as the browser accepts) but each part flushed as it
 * comes: @fastify/compress's compressing stream keeps its output until it has enough, which
 * would hold the first part back until the whole page is there.
 */
export function sendInParts(request: FastifyRequest, reply: FastifyReply, page: Readable) {
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted
    ? negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ['br', 'gzip'])
    : undefined;
  if (encoding !== 'br' && encoding !== 'gzip') return reply.send(page);
  const compressing =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: { [constants.BROTLI_PARAM_QUALITY]: 4 },
        })
      : createGzip({ flush: constants.Z_SYNC_FLUSH });
  reply.header('content-encoding', encoding);
  return reply.send(pipeline(page, compressing, () => {}));
}
