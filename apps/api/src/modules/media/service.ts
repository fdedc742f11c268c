import { IMAGE_QUALITY } from '@balcony/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import sharp, { type Sharp } from 'sharp';
import type { MediaStores } from './store.js';

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

/** The modern formats the client accepts (AVIF, WebP), or JPEG, which every client takes. */
export function acceptedFormats(accept: string | undefined): ImageFormat[] {
  const value = accept ?? '';
  const modern = (['avif', 'webp'] as const).filter((format) => value.includes(`image/${format}`));
  return modern.length > 0 ? [...modern] : ['jpeg'];
}

export interface MediaService {
  /**
   * The smallest rendition of `key` at `width` (one of IMAGE_WIDTHS, or the original width when
   * omitted) among `formats`, or null when the image does not exist. AVIF is usually smaller
   * than WebP, but not on flat-coloured pages, so both are made once and the smaller one served.
   */
  rendition(key: string, width: number | undefined, formats: readonly ImageFormat[]): Promise<Rendition | null>;
}

export function createMediaService(opts: {
  stores: Pick<MediaStores, 'originals' | 'renditions'>;
  log: FastifyBaseLogger;
  /** Draws an original that is not stored (the demo catalog's images), or answers null. */
  drawMissing?: (key: string) => Promise<Buffer | null>;
}): MediaService {
  const { originals, renditions } = opts.stores;
  // Concurrent requests for the same rendition share one encode.
  const inFlight = new Map<string, Promise<Rendition | null>>();

  // The renditions of one image in several formats ask for its original at once: one read or draw.
  const originalsInFlight = new Map<string, Promise<Buffer | null>>();

  async function loadOriginal(key: string): Promise<Buffer | null> {
    const stored = await originals.get(key);
    if (stored) return stored;
    const drawn = (await opts.drawMissing?.(key)) ?? null;
    if (drawn) await originals.put(key, drawn);
    return drawn;
  }

  function original(key: string): Promise<Buffer | null> {
    const pending = originalsInFlight.get(key);
    if (pending) return pending;
    const job = loadOriginal(key).finally(() => originalsInFlight.delete(key));
    originalsInFlight.set(key, job);
    return job;
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

  function renditionIn(key: string, width: number | undefined, format: ImageFormat) {
    const cacheKey = `${key}.w${width ?? 0}.${format}`;
    const pending = inFlight.get(cacheKey);
    if (pending) return pending;
    const job = produce(key, width, format, cacheKey).finally(() => inFlight.delete(cacheKey));
    inFlight.set(cacheKey, job);
    return job;
  }

  // Which format came out smallest, per image, width and accepted set: later requests read one file.
  const smallest = new LRUCache<string, ImageFormat>({ max: 50_000 });

  return {
    async rendition(key, width, formats) {
      const choiceKey = `${key}.w${width ?? 0}.${formats.join('+')}`;
      const known = smallest.get(choiceKey);
      if (known) return renditionIn(key, width, known);
      const made = await Promise.all(formats.map((format) => renditionIn(key, width, format)));
      const best = made.reduce<Rendition | null>(
        (a, b) => (a === null || (b !== null && b.data.length < a.data.length) ? b : a),
        null,
      );
      if (best) smallest.set(choiceKey, best.format);
      return best;
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
