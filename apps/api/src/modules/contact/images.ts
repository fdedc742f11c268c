import { AppError, CONTACT_MAX_IMAGE_BYTES, CONTACT_MAX_IMAGE_PIXELS, IMAGE_QUALITY } from '@balcony/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';

// The images of a contact request (decision 0201): the type is read from the bytes, never from
// the name or the declared type; the size in pixels from the header, before anything is decoded
// (a small file can hold a huge image); then the image is decoded once, turned upright and
// re-encoded as WebP, which drops EXIF, GPS, ICC comments and anything else riding along.

/** What the bytes may be: JPEG, PNG, WebP, or GIF (its first frame is kept). */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export interface CleanImage {
  data: Buffer;
  width: number;
  height: number;
}

/** An uploaded image, cleaned: INVALID_PARAMETER for anything that is not an acceptable image. */
export async function cleanImage(upload: Buffer): Promise<CleanImage> {
  if (upload.length === 0 || upload.length > CONTACT_MAX_IMAGE_BYTES) throw refused('size');
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED.has(type.mime)) throw refused('type', type?.mime);
  const options = { limitInputPixels: CONTACT_MAX_IMAGE_PIXELS, failOn: 'error' as const };
  let header: Metadata;
  try {
    header = await sharp(upload, options).metadata();
  } catch (cause) {
    throw refused('header', cause instanceof Error ? cause.message : undefined);
  }
  const { width, height } = header;
  if (!width || !height || width * height > CONTACT_MAX_IMAGE_PIXELS) throw refused('pixels', `${width}x${height}`);
  try {
    const { data, info } = await sharp(upload, options)
      .rotate()
      .webp({ quality: IMAGE_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (cause) {
    throw refused('decode', cause instanceof Error ? cause.message : undefined);
  }
}

function refused(reason: string, detail?: string): AppError {
  return new AppError('INVALID_PARAMETER', { field: 'images', reason, detail });
}
