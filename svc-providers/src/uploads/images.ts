import { randomUUID } from 'node:crypto';
import { ProviderMessages, UPLOAD_MAX_BYTES } from '@altmed/contracts';
import { badRequest } from '@altmed/service-kit';
import type { UploadStorage } from './storage';

export type ImageKind = 'headshot' | 'gallery';

/** A stored image: the re-encoded profile-size picture and its thumbnail. */
export interface StoredImage {
  key: string;
  thumbnailKey: string;
}

/** Profile size (fit inside, never enlarged) and thumbnail (cropped to fill) of each kind. */
const SIZES: Record<ImageKind, { profile: [number, number]; thumbnail: [number, number] }> = {
  headshot: { profile: [800, 800], thumbnail: [160, 160] },
  gallery: { profile: [1400, 1050], thumbnail: [280, 210] },
};

/** Far more pixels than any photo needs, far fewer than a decompression bomb has. */
const MAX_INPUT_PIXELS = 50_000_000;

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG or PNG by the file's first bytes, whatever its name or declared type says. */
export function imageTypeOf(bytes: Buffer): 'image/jpeg' | 'image/png' | undefined {
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  return undefined;
}

const notSaved = () => badRequest(ProviderMessages.imagesNotSaved);

/**
 * Re-encodes as JPEG: orientation applied, transparency on white, and no metadata kept (EXIF, GPS, ICC
 * comments). sharp (libvips, about 9 MB resident) is loaded at the first upload, not by every instance at start.
 */
async function encode(bytes: Buffer, [width, height]: [number, number], fit: 'inside' | 'cover'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, height, fit, withoutEnlargement: fit === 'inside' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/**
 * Checks an upload (it exists, at most 5 MB, JPEG or PNG by its first bytes, decodable), writes its
 * re-encoded profile picture and thumbnail under `providers/<id>/`, and removes the upload. An
 * upload that fails a check is removed too, and the call fails with "Images were not properly
 * saved to provider record".
 */
export async function processUpload(storage: UploadStorage, providerId: string, uploadKey: string, kind: ImageKind): Promise<StoredImage> {
  try {
    const size = await storage.sizeOf(uploadKey);
    if (size === undefined) throw notSaved();
    if (size === 0 || size > UPLOAD_MAX_BYTES) throw notSaved();
    const bytes = await storage.read(uploadKey);
    if (bytes.length > UPLOAD_MAX_BYTES || !imageTypeOf(bytes)) throw notSaved();
    const sizes = SIZES[kind];
    const [profile, thumbnail] = await Promise.all([encode(bytes, sizes.profile, 'inside'), encode(bytes, sizes.thumbnail, 'cover')]).catch(() => {
      throw notSaved();
    });
    const id = randomUUID();
    const stored = { key: `providers/${providerId}/${kind}-${id}.jpg`, thumbnailKey: `providers/${providerId}/${kind}-${id}-thumb.jpg` };
    await Promise.all([storage.write(stored.key, profile, 'image/jpeg'), storage.write(stored.thumbnailKey, thumbnail, 'image/jpeg')]);
    return stored;
  } finally {
    await storage.remove([uploadKey]);
  }
}
