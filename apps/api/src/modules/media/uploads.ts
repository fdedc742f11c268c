import { AppError } from '@balcony/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';

// Images the console uploads (episode pages, covers, banners; issue 15 item 3), cleaned as contact
// images are (decision 0201): the type is read from the bytes, never from the name or the
// declared type, so a renamed PHP file is refused; the size in pixels is read from the header
// before anything is decoded (a small file can hold a 20000 × 20000 image) and sharp refuses to
// decode past the same bound (`limitInputPixels`); then the image is decoded once, turned upright
// and re-encoded, which drops EXIF, GPS, comments and anything riding along.

/** What the bytes may be. GIF is not taken: a page is one still image. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface UploadBounds {
  /** Bytes of the upload. */
  maxBytes: number;
  /** Pixels of the image, and the largest width and height. */
  maxPixels: number;
  maxWidth: number;
  maxHeight: number;
  /**
   * What it is stored as: JPEG for pages (WebP cannot hold a strip taller than 16383 px), WebP
   * for covers and banners.
   */
  format: 'jpeg' | 'webp';
  /** The field named in INVALID_PARAMETER. */
  field: string;
}

export interface CleanUpload {
  data: Buffer;
  width: number;
  height: number;
  /** The file extension of `data`. */
  extension: 'jpg' | 'webp';
}

/** Stored quality of originals: renditions (quality 75) are made from them, so keep them near lossless. */
const ORIGINAL_QUALITY = 90;

/** An uploaded image, cleaned: INVALID_PARAMETER with a reason for anything that is not an acceptable image. */
export async function cleanUpload(upload: Buffer, bounds: UploadBounds): Promise<CleanUpload> {
  const refused = (reason: string, detail?: string) =>
    new AppError('INVALID_PARAMETER', { field: bounds.field, reason, ...(detail && { detail }) });
  if (upload.length === 0 || upload.length > bounds.maxBytes) throw refused('size');
  const type = await fileTypeFromBuffer(upload);
  if (!type || !ACCEPTED.has(type.mime)) throw refused('type', type?.mime);
  const options = { limitInputPixels: bounds.maxPixels, failOn: 'error' as const };
  let header: Metadata;
  try {
    header = await sharp(upload, options).metadata();
  } catch (cause) {
    throw refused('header', cause instanceof Error ? cause.message : undefined);
  }
  const { width, height } = header;
  // Orientation 5–8 turns the image a quarter: its shown width is its stored height.
  const turned = (header.orientation ?? 1) >= 5;
  const shownWidth = turned ? height : width;
  const shownHeight = turned ? width : height;
  if (
    !shownWidth ||
    !shownHeight ||
    shownWidth * shownHeight > bounds.maxPixels ||
    shownWidth > bounds.maxWidth ||
    shownHeight > bounds.maxHeight
  ) {
    throw refused('pixels', `${shownWidth}x${shownHeight}`);
  }
  try {
    const pipeline = sharp(upload, options).rotate();
    const encoded =
      bounds.format === 'jpeg'
        ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: ORIGINAL_QUALITY, mozjpeg: true })
        : pipeline.webp({ quality: ORIGINAL_QUALITY });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, extension: bounds.format === 'jpeg' ? 'jpg' : 'webp' };
  } catch (cause) {
    throw refused('decode', cause instanceof Error ? cause.message : undefined);
  }
}
