import type { ContentKind, SaleType } from '@balcony/contracts';
import { DAY_MS } from '@balcony/contracts';
import { type DemoSeries, demoPageCount, WEEKDAYS } from './catalog-data.js';
import { demoPageSize } from './demo-images.js';
import { episodeParagraphs } from './prose.js';
import { hashString, seededRandom } from './random.js';
import { EPISODE_SUBTITLES } from './words.js';

// The episode plan of a demo series. Everything is fixed by the slug except publish dates,
// which are laid out relative to the seeding time: a running series has its latest episode in
// the past week and one or two announced ahead, so "new" marks and next-update dates show.

export interface PlannedPage {
  position: number;
  imageKey: string | null;
  width: number | null;
  height: number | null;
  text: string | null;
}

export interface PlannedEpisode {
  number: number;
  title: string;
  publishedAt: Date;
  isFree: boolean;
  freetime: boolean;
  rentPrice: number;
  buyPrice: number;
  saleType: SaleType;
  contentKind: ContentKind;
  thumbnailKey: string;
  pages: PlannedPage[];
}

/** Releases go out at 08:00 UTC: the same calendar day in every brand's time zone (Europe and Asia). */
const RELEASE_HOUR_MS = 8 * 3600 * 1000;
/** Index in WEEKDAYS (Sunday first) of UTC day 0: 1970-01-01 was a Thursday. */
const EPOCH_WEEKDAY = 4;
/** The latest episodes of a wait-until-free series must be bought or rented. */
const FREETIME_EXCLUDES_LATEST = 3;
const PARAGRAPHS_PER_TEXT_PAGE = 2;

const releaseOf = (day: number) => new Date(day * DAY_MS + RELEASE_HOUR_MS);

/** Publish dates of episodes 1..episodeCount, oldest first. */
export function publishDates(series: DemoSeries, now: Date): Date[] {
  const today = Math.floor(now.getTime() / DAY_MS);
  if (series.status !== 'SCHEDULED') {
    // Finished or paused: weekly, ending some weeks ago on a weekday fixed by the slug.
    const lastDay = today - series.lastEpisodeWeeksAgo * 7 - (hashString(`last:${series.slug}`) % 7);
    return Array.from({ length: series.episodeCount }, (_, i) =>
      releaseOf(lastDay - (series.episodeCount - 1 - i) * 7),
    );
  }
  const tenOffset = hashString(`ten:${series.slug}`) % 10;
  const isRelease = (day: number) =>
    series.schedule.includes('TEN')
      ? (day + tenOffset) % 10 === 0
      : series.schedule.some((key) => key === WEEKDAYS[(day + EPOCH_WEEKDAY) % 7]);
  const upcoming: Date[] = [];
  for (let day = today; upcoming.length < series.upcoming; day++) {
    if (isRelease(day) && releaseOf(day) > now) upcoming.push(releaseOf(day));
  }
  const published: Date[] = [];
  for (let day = today; published.length < series.episodeCount - series.upcoming; day--) {
    if (isRelease(day) && releaseOf(day) <= now) published.unshift(releaseOf(day));
  }
  return [...published, ...upcoming];
}

function episodeTitle(series: DemoSeries, n: number): string {
  const subtitle =
    n === 1
      ? 'Prologue'
      : n === series.episodeCount && series.status === 'COMPLETED'
        ? 'Finale'
        : seededRandom(`subtitle:${series.slug}/${n}`).pick(EPISODE_SUBTITLES);
  return `Episode ${n}: ${subtitle}`;
}

function pagesOf(series: DemoSeries, n: number): PlannedPage[] {
  if (series.contentKind === 'IMAGE') {
    return Array.from({ length: demoPageCount(series.slug, n) }, (_, i) => {
      const { width, height } = demoPageSize(series.slug, n, i + 1);
      return { position: i + 1, imageKey: `demo/pages/${series.slug}/${n}/${i + 1}.png`, width, height, text: null };
    });
  }
  const paragraphs = episodeParagraphs(series.slug, n);
  const pages: PlannedPage[] = [];
  for (let i = 0; i < paragraphs.length; i += PARAGRAPHS_PER_TEXT_PAGE) {
    const text = paragraphs.slice(i, i + PARAGRAPHS_PER_TEXT_PAGE).join('\n\n');
    pages.push({ position: pages.length + 1, imageKey: null, width: null, height: null, text });
  }
  return pages;
}

export function planEpisodes(series: DemoSeries, now: Date): PlannedEpisode[] {
  const dates = publishDates(series, now);
  const lastFreetime = series.episodeCount - series.upcoming - FREETIME_EXCLUDES_LATEST;
  return dates.map((publishedAt, i) => {
    const n = i + 1;
    const isFree = n <= series.freeCount;
    // Free episodes cost nothing; a paid one shows only the price of the way it is sold.
    const rentable = !isFree && series.saleType !== 'POSSESSION_ONLY';
    const buyable = !isFree && series.saleType !== 'RENT_ONLY';
    return {
      number: n,
      title: episodeTitle(series, n),
      publishedAt,
      isFree,
      freetime: series.freetime && !isFree && n <= lastFreetime,
      rentPrice: rentable ? series.rentPrice : 0,
      buyPrice: buyable ? series.buyPrice : 0,
      saleType: series.saleType,
      contentKind: series.contentKind,
      thumbnailKey: `demo/episodes/${series.slug}/${n}.png`,
      pages: pagesOf(series, n),
    };
  });
}
