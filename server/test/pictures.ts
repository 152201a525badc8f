import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { freshIp } from './harness.js';

const BOUNDARY = '----curator-test-boundary';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartBody(
  bytes: Uint8Array,
  { field = 'picture', filename = 'me.jpg', type = 'image/jpeg' } = {},
): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** POSTs a picture to auth/profile/picture the way the browser client does (with its Origin). */
export function uploadPicture(
  t: { app: FastifyInstance; config: { appOrigin: string } },
  cookie: string | undefined,
  bytes: Uint8Array,
  options: { filename?: string; type?: string; field?: string; origin?: string | null } = {},
) {
  const origin = options.origin === undefined ? t.config.appOrigin : options.origin;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/profile/picture',
    remoteAddress: freshIp(),
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(origin ? { origin } : {}),
      ...(cookie ? { cookie } : {}),
    },
    payload: multipartBody(bytes, options),
  });
}

/** A real photo-like JPEG (a gradient, not one flat colour) of the given size. */
export async function testJpeg(width = 800, height = 600): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A JPEG as a phone writes it: EXIF with the camera and the GPS position where it was taken. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp(await testJpeg())
    .withExif({
      IFD0: { Make: 'CuratorPhone', Model: 'Test 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 4321/100',
      },
    })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header says 100,000 × 100,000
 * pixels (30 GB once decoded); its image data is a little deflated run of zeros.
 */
export function pngBomb(side = 100_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
