import { HERO_TIMING, IMAGE_SLOTS, type ImageSlotName, imageSources } from '@/lib/media/media';

interface MediaImageProps {
  path: string;
  slot: ImageSlotName;
  alt: string;
  /** The screen's largest image (LCP): loaded at once and first. */
  priority?: boolean;
  className?: string;
}

/** An api image in one of the slots: renditions by width, intrinsic size given so nothing shifts. */
export function MediaImage({ path, slot, alt, priority = false, className }: MediaImageProps) {
  const { width, height } = IMAGE_SLOTS[slot];
  const { src, srcSet, sizes } = imageSources(path, slot);
  return (
    // biome-ignore lint/performance/noImgElement: the api makes the renditions; next/image's optimizer would do it twice
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      // The LCP image is painted in the first frame it is there for, not a frame later: the
      // page's scripts may hold the main thread then, and the next frame waits for them.
      decoding={priority ? 'sync' : 'async'}
      className={className}
      {...(priority ? HERO_TIMING : {})}
    />
  );
}
