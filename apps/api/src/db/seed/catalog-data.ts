import type {
  ContentKind,
  ContentStatus,
  CreatorType,
  Genre,
  Locale,
  PlatformId,
  SaleType,
  ScheduleKey,
  Weekday,
} from '@balcony/contracts';
import { hashString, type Random, seededRandom } from './random.js';
import {
  ADJECTIVES,
  BL_PREDICATES,
  BL_SUBJECTS,
  composeSynopsis,
  composeTitle,
  type Localized,
  NOUNS,
  PEN_NAMES,
  PREDICATES,
  SUBJECTS,
  TAGS_BY_GENRE,
} from './words.js';

// The demo catalog: a static definition computed once from fixed seeds, so every run, every
// machine and the lazily drawn demo images agree on the same ~70 series. Only publish dates
// depend on the seeding time (see episodes.ts).

export type DemoAudience = 'bl' | 'mature' | 'general';

export interface DemoBrand {
  id: PlatformId;
  locale: Locale;
  /** What the brand mostly licenses: boys-love, adult, or a general line-up. */
  audience: DemoAudience;
}

export const DEMO_BRANDS: readonly DemoBrand[] = [
  { id: 'delitoonb-fr', locale: 'fr', audience: 'bl' },
  { id: 'delitoon-fr', locale: 'fr', audience: 'general' },
  { id: 'delitoon-de', locale: 'de', audience: 'general' },
  { id: 'delitoonb-de', locale: 'de', audience: 'bl' },
  { id: 'delitoonx-fr', locale: 'fr', audience: 'mature' },
  { id: 'delitoon-me', locale: 'en', audience: 'general' },
  { id: 'bom-tw', locale: 'zh-TW', audience: 'general' },
  { id: 'bom-th', locale: 'th', audience: 'general' },
  { id: 'beltoon-jp', locale: 'ja', audience: 'bl' },
];

export interface DemoLicense {
  brandId: PlatformId;
  viewCount: number;
  discountPercent: number;
  /** Days before seeding that the series arrived on the brand (the "new" mark), or null: with its first episode. */
  launchedDaysAgo: number | null;
}

export interface DemoCreator {
  name: string;
  type: CreatorType;
}

export interface DemoSeries {
  slug: string;
  /** `title.en` is the original title, drawn on the demo images; the others are shown by brand locale. */
  title: Localized;
  synopsis: Localized;
  genres: Genre[];
  isAdult: boolean;
  isBl: boolean;
  status: ContentStatus;
  schedule: ScheduleKey[];
  format: 'SERIAL' | 'SINGLE';
  contentKind: ContentKind;
  creators: DemoCreator[];
  tags: string[];
  licenses: DemoLicense[];
  episodeCount: number;
  /** The first episodes that anyone may read. */
  freeCount: number;
  /** Paid episodes (but the latest three) may be unlocked with a wait-until-free ticket. */
  freetime: boolean;
  rentPrice: number;
  buyPrice: number;
  saleType: SaleType;
  /** SCHEDULED series: episodes announced with a future publish date. */
  upcoming: number;
  /** COMPLETED and PAUSED series: weeks since the last episode came out. */
  lastEpisodeWeeksAgo: number;
}

type Pool = 'bl' | 'bl-adult' | 'mature' | 'general';

interface PoolPlan {
  pool: Pool;
  scheduled: number;
  /** Of the scheduled ones, how many run on the ten-day rhythm. */
  ten: number;
  completed: number;
  paused: number;
  text: number;
}

// Each pool on its own covers every schedule key at least twice (see assignSchedules), so a
// brand relying on one pool (BL brands: bl; delitoonx: mature; general brands: general) shows
// every weekday and TEN whichever other series it adds.
const POOLS: readonly PoolPlan[] = [
  { pool: 'bl', scheduled: 12, ten: 2, completed: 4, paused: 2, text: 2 },
  { pool: 'general', scheduled: 18, ten: 3, completed: 9, paused: 5, text: 2 },
  { pool: 'mature', scheduled: 11, ten: 2, completed: 2, paused: 1, text: 1 },
  { pool: 'bl-adult', scheduled: 5, ten: 1, completed: 2, paused: 1, text: 1 },
];

/** Sunday first, as Date#getUTCDay counts. */
export const WEEKDAYS: readonly Weekday[] = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
];
/** Weekday slots a pool fills, so that each weekday gets at least two series. */
const WEEKDAY_SLOTS = 2 * WEEKDAYS.length;

const GENRE_ORDER: readonly Genre[] = ['BL', 'MATURE', 'ROMANCE', 'ACTION', 'FANTASY', 'DRAMA', 'COMEDY', 'THRILLER'];
const GENERAL_GENRES: readonly Genre[] = ['ROMANCE', 'ACTION', 'FANTASY', 'COMEDY', 'DRAMA', 'THRILLER'];

interface Draft {
  pool: Pool;
  status: ContentStatus;
  schedule: ScheduleKey[];
  contentKind: ContentKind;
}

/** Statuses, schedules and content kinds of one pool, in pool order. */
function draftPool(plan: PoolPlan): Draft[] {
  const statuses: ContentStatus[] = [
    ...Array<ContentStatus>(plan.scheduled).fill('SCHEDULED'),
    ...Array<ContentStatus>(plan.completed).fill('COMPLETED'),
    ...Array<ContentStatus>(plan.paused).fill('PAUSED'),
  ];
  const drafts: Draft[] = seededRandom(`statuses:${plan.pool}`)
    .shuffle(statuses)
    .map((status) => ({ pool: plan.pool, status, schedule: [], contentKind: 'IMAGE' }));
  assignSchedules(
    drafts.filter((d) => d.status === 'SCHEDULED'),
    plan.ten,
  );
  // Text novels sit at the end of each pool, so the catalog's first series is an image series.
  for (const draft of drafts.slice(drafts.length - plan.text)) draft.contentKind = 'TEXT';
  return drafts;
}

/**
 * The first `ten` series run on TEN; the others take weekdays in turn from a repeating week,
 * one or two each, until at least WEEKDAY_SLOTS slots are filled, so each weekday appears twice.
 */
function assignSchedules(scheduled: Draft[], ten: number): void {
  const weekly = scheduled.slice(ten);
  for (const draft of scheduled.slice(0, ten)) draft.schedule = ['TEN'];
  const doubles = Math.min(weekly.length, Math.max(0, WEEKDAY_SLOTS - weekly.length));
  let slot = 0;
  weekly.forEach((draft, i) => {
    const count = i < doubles ? 2 : 1;
    draft.schedule = Array.from({ length: count }, (_, k) => WEEKDAYS[(slot + k) % WEEKDAYS.length] as Weekday);
    slot += count;
  });
}

/** Takes one series from each pool in turn, so series ids mix pools. */
function interleave(pools: Draft[][]): Draft[] {
  const longest = Math.max(...pools.map((p) => p.length));
  const out: Draft[] = [];
  for (let i = 0; i < longest; i++) {
    for (const pool of pools) {
      const draft = pool[i];
      if (draft) out.push(draft);
    }
  }
  return out;
}

function genresFor(pool: Pool, rng: Random): Genre[] {
  const picked = new Set<Genre>();
  switch (pool) {
    case 'bl':
      picked.add('BL').add('ROMANCE');
      if (rng.chance(0.6)) picked.add(rng.pick<Genre>(['DRAMA', 'COMEDY', 'FANTASY']));
      break;
    case 'bl-adult':
      picked
        .add('BL')
        .add('MATURE')
        .add(rng.pick<Genre>(['ROMANCE', 'DRAMA', 'THRILLER']));
      break;
    case 'mature':
      picked.add('MATURE');
      for (const g of rng.shuffle<Genre>(['ROMANCE', 'THRILLER', 'DRAMA', 'ACTION']).slice(0, rng.int(1, 2)))
        picked.add(g);
      break;
    case 'general':
      for (const g of rng.shuffle(GENERAL_GENRES).slice(0, rng.int(2, 3))) picked.add(g);
      break;
  }
  return GENRE_ORDER.filter((g) => picked.has(g));
}

function creatorsFor(rng: Random): DemoCreator[] {
  const names = rng.shuffle(PEN_NAMES);
  const types: CreatorType[][] = [['AUTHOR'], ['WRITER', 'ARTIST'], ['ORIGINAL', 'ADAPTER', 'ARTIST']];
  return rng.pick(types).map((type, i) => ({ name: names[i] as string, type }));
}

function tagsFor(genres: Genre[], rng: Random): string[] {
  return rng
    .shuffle(genres.flatMap((g) => TAGS_BY_GENRE[g]))
    .slice(0, rng.int(2, 4))
    .sort();
}

function saleTypeFor(index: number): SaleType {
  // Mostly both; every tenth series rents only and another every tenth sells only.
  if (index % 10 === 3) return 'RENT_ONLY';
  if (index % 10 === 7) return 'POSSESSION_ONLY';
  return 'BOTH';
}

function allPairs<A, B>(as: readonly A[], bs: readonly B[]): [A, B][] {
  return as.flatMap((a) => bs.map((b): [A, B] => [a, b]));
}

function buildSeries(): DemoSeries[] {
  const drafts = interleave(POOLS.map(draftPool));
  const titles = seededRandom('titles').shuffle(allPairs(ADJECTIVES, NOUNS));
  const blPlots = seededRandom('bl-plots').shuffle(allPairs(BL_SUBJECTS, BL_PREDICATES));
  const plots = seededRandom('plots').shuffle(allPairs(SUBJECTS, PREDICATES));
  let blPlot = 0;
  let plot = 0;

  const series = drafts.map((draft, index): DemoSeries => {
    const [adjective, noun] = titles[index] as (typeof titles)[number];
    const slug = `${adjective.en}-${noun.en}`.toLowerCase();
    const rng = seededRandom(`series:${slug}`);
    const isBl = draft.pool === 'bl' || draft.pool === 'bl-adult';
    const [subject, predicate] = (isBl ? blPlots[blPlot++] : plots[plot++]) as (typeof plots)[number];
    const genres = genresFor(draft.pool, rng);
    const rentPrice = rng.int(2, 3);
    const format = draft.status === 'COMPLETED' && rng.chance(0.35) ? 'SINGLE' : 'SERIAL';
    return {
      slug,
      title: composeTitle(adjective, noun),
      synopsis: composeSynopsis(subject, predicate),
      genres,
      isAdult: genres.includes('MATURE'),
      isBl: genres.includes('BL'),
      status: draft.status,
      schedule: draft.schedule,
      format,
      contentKind: draft.contentKind,
      creators: creatorsFor(rng),
      tags: tagsFor(genres, rng),
      licenses: [],
      episodeCount: rng.int(20, 40),
      freeCount: rng.int(3, 5),
      freetime: format === 'SERIAL' && rng.chance(0.45),
      rentPrice,
      buyPrice: rng.int(Math.max(3, rentPrice + 1), 5),
      saleType: saleTypeFor(index),
      upcoming: draft.status === 'SCHEDULED' ? rng.int(1, 2) : 0,
      lastEpisodeWeeksAgo:
        draft.status === 'COMPLETED' ? rng.int(4, 60) : draft.status === 'PAUSED' ? rng.int(2, 12) : 0,
    };
  });

  const pool = (name: Pool) => series.filter((_, i) => drafts[i]?.pool === name);
  for (const brand of DEMO_BRANDS) {
    for (const s of lineUp(brand, pool)) s.licenses.push(licenseFor(s, brand));
  }
  return series;
}

/** Which series a brand licenses, by its audience. */
function lineUp(brand: DemoBrand, pool: (name: Pool) => DemoSeries[]): DemoSeries[] {
  const rng = seededRandom(`line-up:${brand.id}`);
  const general = pool('general');
  switch (brand.audience) {
    case 'bl': {
      // Boys-love first, with a few general romances and dramas.
      const extras = general.filter((s) => s.genres.some((g) => g === 'ROMANCE' || g === 'DRAMA' || g === 'COMEDY'));
      return [...pool('bl'), ...pool('bl-adult'), ...rng.shuffle(extras).slice(0, 6)];
    }
    case 'mature':
      return [...pool('bl-adult'), ...pool('mature'), ...rng.shuffle(general).slice(0, 9)];
    case 'general': {
      // Each general brand leaves out two finished image series, so line-ups differ a little
      // without touching the schedule, status or content-kind coverage.
      const droppable = rng.shuffle(general.filter((s) => s.status === 'COMPLETED' && s.contentKind === 'IMAGE'));
      const dropped = new Set(droppable.slice(0, 2));
      return [
        ...general.filter((s) => !dropped.has(s)),
        ...rng.shuffle(pool('bl')).slice(0, 3),
        ...rng.shuffle(pool('mature')).slice(0, 3),
      ];
    }
  }
}

function licenseFor(series: DemoSeries, brand: DemoBrand): DemoLicense {
  const rng = seededRandom(`license:${series.slug}:${brand.id}`);
  // Views spread from thousands to about a million, as rankings do.
  const base = Math.exp(Math.log(2_000) + seededRandom(`popularity:${series.slug}`).next() * Math.log(450));
  return {
    brandId: brand.id,
    viewCount: Math.round(base * (0.5 + rng.next())),
    discountPercent: rng.chance(0.15) ? rng.pick([10, 20, 30]) : 0,
    launchedDaysAgo: series.status !== 'COMPLETED' && rng.chance(0.12) ? rng.int(1, 12) : null,
  };
}

export const demoSeries: readonly DemoSeries[] = buildSeries();

const bySlug = new Map(demoSeries.map((s) => [s.slug, s]));

export function findDemoSeries(slug: string): DemoSeries | undefined {
  return bySlug.get(slug);
}

/** Pages of an image episode: 3 to 5, fixed by slug and number. */
export function demoPageCount(slug: string, episode: number): number {
  return 3 + (hashString(`pages:${slug}/${episode}`) % 3);
}
