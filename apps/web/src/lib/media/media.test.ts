import { describe, expect, it } from 'vitest';
import { imageSources, mediaUrl, renditionWidths } from './media';

describe('media', () => {
  it('asks for a width and keeps the query the api put on the path', () => {
    expect(mediaUrl('/media/demo/covers/a.png', 640)).toBe('/media/demo/covers/a.png?w=640');
    expect(mediaUrl('/media/pages/1.png?sig=abc&exp=9', 828)).toBe('/media/pages/1.png?sig=abc&exp=9&w=828');
    expect(mediaUrl('/media/covers/12?', 750)).toBe('/media/covers/12?w=750');
  });

  it('offers the device widths of spec §9 up to the first that covers the slot', () => {
    expect(renditionWidths(640)).toEqual([640]);
    expect(renditionWidths(1200)).toEqual([640, 750, 828, 1080, 1200]);
    expect(renditionWidths(1300)).toEqual([640, 750, 828, 1080, 1200, 1920]);
    expect(renditionWidths(5000)).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
  });

  it('builds src, srcset and sizes for a slot', () => {
    const { src, srcSet, sizes } = imageSources('/media/demo/banners/a.png', 'banner');
    expect(src).toBe('/media/demo/banners/a.png?w=640');
    expect(srcSet.split(', ').at(-1)).toBe('/media/demo/banners/a.png?w=1920 1920w');
    expect(sizes).toContain('720px');
  });
});
