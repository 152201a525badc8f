import { PICTURE_FIELD } from '../../../common/api/auth/actions.js';
import { ApiError, validationFailed } from '../../lib/apiError.js';

/** The square sizes a picture is kept in, in pixels. */
export const PICTURE_SIZES = { small: 64, medium: 256, large: 512 } as const;
export type PictureSize = keyof typeof PICTURE_SIZES;

/**
 * The most pixels a picture may have (about 8000 × 5000). The header says how many; a larger
 * one is refused before anything is decoded, so a small file that unpacks to gigabytes of
 * pixels (a decompression bomb) never reaches memory.
 */
export const PICTURE_MAX_PIXELS = 40_000_000;

/** The image formats accepted, recognised by their first bytes (never by name or stated type). */
export type PictureFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const ACCEPTED_NAMES = 'JPEG, PNG, WebP, GIF or AVIF';

const notAPicture = () => {
  const message = `This file is not a picture we can use. Upload a ${ACCEPTED_NAMES} image.`;
  return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, { [PICTURE_FIELD]: message });
};
const tooManyPixels = () =>
  validationFailed({
    [PICTURE_FIELD]: `The picture is too large: at most ${PICTURE_MAX_PIXELS / 1_000_000} megapixels.`,
  });
const unreadable = () =>
  validationFailed({
    [PICTURE_FIELD]: 'The picture could not be read: the file may be damaged. Try another one.',
  });

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The format the bytes are in, by their magic numbers; null for anything else. */
export function sniffPictureFormat(bytes: Uint8Array): PictureFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (
    startsWith(bytes, ascii('ftyp'), 4) &&
    (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8))
  )
    return 'avif';
  return null;
}

/** libvips' name of each accepted format, as sharp's metadata reports it. */
const SHARP_FORMAT: Record<PictureFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'heif',
};

const inputOptions = {
  limitInputPixels: PICTURE_MAX_PIXELS,
  // A truncated or corrupt file is refused rather than half decoded.
  failOn: 'error',
  // The first frame of an animation only.
  animated: false,
} as const;

export type PictureRenditions = Record<PictureSize, Buffer>;

/**
 * Re-encodes an uploaded picture: checks its real type from its bytes and its size from its
 * header, turns it upright (EXIF orientation), crops it to a centred square and writes WebP
 * in each of PICTURE_SIZES. Nothing of the original's metadata (EXIF with GPS, XMP, ICC,
 * comments) is carried over: sharp writes none unless asked to.
 */
export async function renderPicture(bytes: Uint8Array): Promise<PictureRenditions> {
  const format = sniffPictureFormat(bytes);
  if (!format) throw notAPicture();
  // Imported on first use: image work is no part of serving the first request (a cold start).
  const { default: sharp } = await import('sharp');
  try {
    const metadata = await sharp(bytes, inputOptions).metadata();
    if (metadata.format !== SHARP_FORMAT[format]) throw notAPicture();
    if (!metadata.width || !metadata.height) throw unreadable();
    if (metadata.width * metadata.height > PICTURE_MAX_PIXELS) throw tooManyPixels();

    const largest = PICTURE_SIZES.large;
    const { data, info } = await sharp(bytes, inputOptions)
      .rotate()
      .resize(largest, largest, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const encode = (size: number) =>
      sharp(data, raw).resize(size, size).webp({ quality: 82 }).toBuffer();
    const [small, medium, large] = await Promise.all([
      encode(PICTURE_SIZES.small),
      encode(PICTURE_SIZES.medium),
      encode(PICTURE_SIZES.large),
    ]);
    return { small, medium, large };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    // libvips refusing the bytes (damaged, truncated) is the file's fault, not ours.
    throw unreadable();
  }
}
