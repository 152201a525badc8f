import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_PROFILE_PICTURE_SIZE,
  PROFILE_PICTURE_PATH,
} from '../../../common/domain/profilePicture.js';
import type { AppContext } from '../../appContext.js';
import { notFound, validationFailed } from '../../lib/apiError.js';
import { PICTURE_SIZES, type PictureSize } from './pictureImage.js';
import { pictureBytes } from './pictures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SIZE_BY_PIXELS = new Map<number, PictureSize>(
  (Object.entries(PICTURE_SIZES) as [PictureSize, number][]).map(([name, px]) => [px, name]),
);

/**
 * GET /api/users/profile/picture/{id}?size=64|256|512:
 * the stored WebP. A new upload gets a new id, so what an id names never changes: it is cached
 * for a year as immutable, with the content hash as its ETag. Served to anyone holding the id
 * (an unguessable UUID), like a picture on a public profile.
 */
export function registerProfilePictureRoute(app: FastifyInstance, context: AppContext): void {
  app.get<{ Params: { id: string }; Querystring: { size?: string } }>(
    `${PROFILE_PICTURE_PATH}/:id`,
    async (request, reply) => {
      const { id } = request.params;
      const sizeText = request.query.size ?? String(DEFAULT_PROFILE_PICTURE_SIZE);
      const size = SIZE_BY_PIXELS.get(Number(sizeText));
      if (!size || !/^\d+$/.test(sizeText))
        throw validationFailed({
          size: `Ask for one of ${[...SIZE_BY_PIXELS.keys()].join(', ')}.`,
        });
      if (!UUID.test(id)) throw notFound('There is no such picture.');
      const picture = await pictureBytes(context.db, id.toLowerCase(), size);
      if (!picture) throw notFound('There is no such picture.');

      const etag = `"${picture.contentHash.slice(0, 32)}-${PICTURE_SIZES[size]}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('content-security-policy', "default-src 'none'");
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/webp').send(Buffer.from(picture.bytes));
    },
  );
}
