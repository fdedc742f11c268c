import { IMAGE_QUALITY, IMAGE_WIDTHS } from '@balcony/contracts';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { renderDemoImage } from './demo-images.js';
import { diskStore } from './store.js';

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

export interface Rendition {
  data: Buffer;
  format: ImageFormat;
}

/** Keys are slash-separated lower-case segments ending in an image extension; nothing else reaches the disk. */
const KEY_PATTERN = /^[a-z0-9_-]+(\/[a-z0-9_-]+)*\.(png|jpg|jpeg|webp)$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Best format the client accepts, in order of size: AVIF, then WebP, then JPEG. */
export function negotiateFormat(accept: string | undefined): ImageFormat {
  const value = accept ?? '';
  if (value.includes('image/avif')) return 'avif';
  if (value.includes('image/webp')) return 'webp';
  return 'jpeg';
}

export function isAllowedWidth(width: number): boolean {
  return (IMAGE_WIDTHS as readonly number[]).includes(width);
}

export interface MediaService {
  /** A rendition of `key` at `width` (one of IMAGE_WIDTHS, or the original width when omitted), or null when the image does not exist. */
  rendition(key: string, width: number | undefined, format: ImageFormat): Promise<Rendition | null>;
}

export function createMediaService(opts: { mediaDir: string; log: FastifyBaseLogger }): MediaService {
  const originals = diskStore(`${opts.mediaDir}/originals`);
  const renditions = diskStore(`${opts.mediaDir}/renditions`);
  // Concurrent requests for the same rendition share one encode.
  const inFlight = new Map<string, Promise<Rendition | null>>();

  async function original(key: string): Promise<Buffer | null> {
    const stored = await originals.get(key);
    if (stored) return stored;
    // Demo images are drawn on first request and kept, so seeding stays fast.
    const drawn = await renderDemoImage(key);
    if (drawn) await originals.put(key, drawn);
    return drawn;
  }

  async function produce(key: string, width: number | undefined, format: ImageFormat, cacheKey: string) {
    const cached = await renditions.get(cacheKey);
    if (cached) return { data: cached, format };
    const source = await original(key);
    if (!source) return null;
    const started = performance.now();
    let pipeline = sharp(source);
    if (width) pipeline = pipeline.resize({ width, withoutEnlargement: true });
    const data = await encode(pipeline, format).toBuffer();
    opts.log.debug({ key, width, format, ms: Math.round(performance.now() - started) }, 'rendition made');
    await renditions.put(cacheKey, data);
    return { data, format };
  }

  return {
    rendition(key, width, format) {
      const cacheKey = `${key}.w${width ?? 0}.${format}`;
      const pending = inFlight.get(cacheKey);
      if (pending) return pending;
      const job = produce(key, width, format, cacheKey).finally(() => inFlight.delete(cacheKey));
      inFlight.set(cacheKey, job);
      return job;
    },
  };
}

function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    // effort 2 keeps AVIF encoding near WebP speed on a small machine; renditions are cached anyway.
    case 'avif':
      return pipeline.avif({ quality: IMAGE_QUALITY, effort: 2 });
    case 'webp':
      return pipeline.webp({ quality: IMAGE_QUALITY });
    case 'jpeg':
      return pipeline.jpeg({ quality: IMAGE_QUALITY, mozjpeg: true });
  }
}
