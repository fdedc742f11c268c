import { describe, expect, it } from 'vitest';
import { imageSources, mediaUrl, renditionWidths } from './media';

describe('media', () => {
  it('asks for a width and keeps the query the api put on the path', () => {
    expect(mediaUrl('/media/demo/covers/a.png', 640)).toBe('/media/demo/covers/a.png?w=640');
    expect(mediaUrl('/media/pages/1.png?sig=abc&exp=9', 828)).toBe('/media/pages/1.png?sig=abc&exp=9&w=828');
    expect(mediaUrl('/media/covers/12?', 750)).toBe('/media/covers/12?w=750');
  });

  it('offers the widths from the smallest of the slot up to the first that covers the slot', () => {
    expect(renditionWidths(640, 640)).toEqual([640]);
    expect(renditionWidths(640, 1200)).toEqual([640, 750, 828, 1080, 1200]);
    expect(renditionWidths(640, 1300)).toEqual([640, 750, 828, 1080, 1200, 1920]);
    expect(renditionWidths(640, 5000)).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(renditionWidths(128, 256)).toEqual([128, 256]);
  });

  it('gives small slots small renditions and a phone-sized fallback', () => {
    const cover = imageSources('/media/demo/covers/a.png', 'cover');
    expect(cover.srcSet.split(', ')[0]).toBe('/media/demo/covers/a.png?w=128 128w');
    expect(cover.src).toBe('/media/demo/covers/a.png?w=640');
    const episode = imageSources('/media/demo/episodes/a.png', 'episode');
    expect(episode.srcSet).toBe('/media/demo/episodes/a.png?w=128 128w, /media/demo/episodes/a.png?w=256 256w');
    expect(episode.src).toBe('/media/demo/episodes/a.png?w=256');
  });

  it('builds src, srcset and sizes for a slot', () => {
    const { src, srcSet, sizes } = imageSources('/media/demo/banners/a.png', 'banner');
    expect(src).toBe('/media/demo/banners/a.png?w=640');
    expect(srcSet.split(', ').at(-1)).toBe('/media/demo/banners/a.png?w=1920 1920w');
    expect(sizes).toContain('720px');
  });
});
