import { BRANDS } from '@balcony/contracts';
import { describe, expect, it } from 'vitest';
import { excerpt, pageMetadata, robotsRules, sitemapEntries } from './metadata';

const origin = new URL('https://bl.example.com');

describe('sitemapEntries', () => {
  const entries = sitemapEntries(origin, {
    series: [{ id: 12, updatedAt: '2025-03-01T08:00:00.000Z' }],
    picks: [{ id: 3 }],
  });
  const urls = entries.map((entry) => entry.url);

  it('lists the main page, the home tabs but the mature one, the picks and the series, absolute', () => {
    expect(urls[0]).toBe('https://bl.example.com/');
    expect(urls).toContain('https://bl.example.com/home/weekly');
    expect(urls).toContain('https://bl.example.com/home/pick');
    expect(urls).not.toContain('https://bl.example.com/home/mature');
    expect(urls).toContain('https://bl.example.com/home/pick/3');
    expect(entries.find((entry) => entry.url === 'https://bl.example.com/detail/12')?.lastModified).toBe(
      '2025-03-01T08:00:00.000Z',
    );
  });
});

describe('robotsRules', () => {
  it('allows the site, keeps crawlers off private screens and names the sitemap', () => {
    const robots = robotsRules(origin);
    expect(robots.sitemap).toBe('https://bl.example.com/sitemap.xml');
    const rules = Array.isArray(robots.rules) ? robots.rules[0] : robots.rules;
    expect(rules?.allow).toBe('/');
    expect(rules?.disallow).toEqual(expect.arrayContaining(['/api/', '/my', '/library/', '/viewer/']));
  });

  it('names no sitemap without a trustworthy origin', () => {
    expect(robotsRules(null).sitemap).toBeUndefined();
  });
});

describe('pageMetadata', () => {
  const brand = BRANDS['delitoonb-fr'];

  it('gives a canonical path, Open Graph and a large card when there is a picture', () => {
    const metadata = pageMetadata(brand, {
      title: 'Midnight Bloom',
      description: 'A story.',
      path: '/detail/12',
      image: { url: '/media/covers/midnight.png?w=1200', alt: 'Midnight Bloom' },
      type: 'book',
    });
    expect(metadata.alternates?.canonical).toBe('/detail/12');
    expect(metadata.openGraph).toMatchObject({
      type: 'book',
      title: 'Midnight Bloom · Delitoon BL',
      url: '/detail/12',
      siteName: 'Delitoon BL',
      locale: 'fr_FR',
      images: [{ url: '/media/covers/midnight.png?w=1200', alt: 'Midnight Bloom' }],
    });
    expect(metadata.twitter).toMatchObject({ card: 'summary_large_image' });
    expect(metadata.robots).toBeUndefined();
  });

  it('keeps adult pages out of search engines', () => {
    const metadata = pageMetadata(brand, { title: 'X', description: 'Y', path: '/detail/1', noIndex: true });
    expect(metadata.robots).toEqual({ index: false, follow: false });
  });
});

describe('excerpt', () => {
  it('cuts long text at a word and keeps short text whole', () => {
    expect(excerpt('  short\n text ')).toBe('short text');
    const cut = excerpt(`${'word '.repeat(60)}end`, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
