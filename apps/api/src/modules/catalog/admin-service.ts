import { randomUUID } from 'node:crypto';
import {
  type AdminBanner,
  type AdminBannerInput,
  type AdminEpisode,
  type AdminEpisodeInput,
  type AdminHomeTabs,
  type AdminPage,
  type AdminPick,
  type AdminPickInput,
  type AdminSeriesDetail,
  type AdminSeriesInput,
  type AdminSeriesPage,
  type AdminSeriesQuery,
  AppError,
  ARTWORK_MAX_BYTES,
  ARTWORK_MAX_PIXELS,
  DEFAULT_HOME_TAB_ORDER,
  EPISODE_MAX_PAGES,
  type EpisodePreview,
  type HomeTabOrder,
  type HomeTabSlug,
  PAGE_MAX_BYTES,
  PAGE_MAX_HEIGHT,
  PAGE_MAX_PIXELS,
  PAGE_MAX_WIDTH,
  type PageOrderInput,
  TEXT_PARAGRAPHS_PER_PAGE,
  type UploadedImage,
} from '@balcony/contracts';
import { type AdminContext, readAll, type ServiceContext, withTransaction } from '../../context.js';
import type { AuditAction } from '../admin/repo.js';
import { type ActionRecord, recordAction } from '../admin/service.js';
import { PAGE_URL_TTL_MS } from '../media/signing.js';
import type { BlobStore } from '../media/store.js';
import { cleanUpload, type UploadBounds } from '../media/uploads.js';
import * as repo from './admin-repo.js';
import * as catalogRepo from './repo.js';
import { catalogTags, invalidateCatalog, mediaUrl, reindexSearch } from './service.js';

// The console's content and home administration (issue 15 items 3 and 4). Every change runs in
// one transaction with its audit row (before and after), then drops exactly the shared reader
// answers it affects, here, on the other replicas and in the web's visitor pages (decision 0231).
// Episodes are published by their time: readers' queries show only what is published by `now`,
// and the shared cache already ends at a brand's next publication.

const PAGE_BOUNDS: UploadBounds = {
  maxBytes: PAGE_MAX_BYTES,
  maxPixels: PAGE_MAX_PIXELS,
  maxWidth: PAGE_MAX_WIDTH,
  maxHeight: PAGE_MAX_HEIGHT,
  format: 'jpeg',
  field: 'pages',
};
const ARTWORK_BOUNDS: UploadBounds = {
  maxBytes: ARTWORK_MAX_BYTES,
  maxPixels: ARTWORK_MAX_PIXELS,
  maxWidth: 4000,
  maxHeight: 4000,
  format: 'webp',
  field: 'image',
};

function invalid(field: string, reason: string): AppError {
  return new AppError('INVALID_PARAMETER', { field, reason });
}

/** A change and its audit row in one transaction; then the tags it names are invalidated. */
async function change<T>(
  ctx: AdminContext,
  action: AuditAction,
  run: (tx: AdminContext) => Promise<{ result: T; record: Omit<ActionRecord, 'action'>; tags: string[] }>,
): Promise<T> {
  const done = await withTransaction(ctx, async (tx) => {
    const outcome = await run(tx);
    await recordAction(tx, { action, ...outcome.record });
    return outcome;
  });
  invalidateCatalog(ctx, [...new Set(done.tags)]);
  return done.result;
}

/**
 * An admin limited to some brands may change a series only while every brand it is (and will be)
 * shown on is one of theirs: a series is one record across brands.
 */
function assertBrands(ctx: AdminContext, brandIds: readonly string[]): void {
  const allowed = ctx.admin.brandIds;
  if (allowed.length > 0 && brandIds.some((b) => !allowed.includes(b))) throw new AppError('FORBIDDEN');
}

/** Tags of a change to a series shown on `brands`: its page, its episodes' viewer pages, the brands' lists. */
function seriesTags(seriesId: number, brands: readonly string[], episodeIds: readonly number[]): string[] {
  return [
    catalogTags.series(seriesId),
    ...brands.map((b) => catalogTags.lists(b)),
    ...episodeIds.map((id) => `episode:${id}`),
  ];
}

// ——— images ———

/** Cleans and stores a cover or banner image (POST /admin/images). */
export async function uploadImage(
  ctx: AdminContext,
  store: BlobStore,
  purpose: 'covers' | 'banners',
  upload: Buffer,
): Promise<UploadedImage> {
  const image = await cleanUpload(upload, ARTWORK_BOUNDS);
  const key = `admin/${purpose}/${randomUUID()}.${image.extension}`;
  await store.put(key, image.data);
  const result = { key, url: mediaUrl(key), width: image.width, height: image.height };
  await withTransaction(ctx, (tx) =>
    recordAction(tx, { action: 'IMAGE_UPLOAD', targetType: 'image', targetId: key, after: result }),
  );
  return result;
}

async function assertUploaded(store: BlobStore, key: string, field: string): Promise<void> {
  if (!(await store.get(key))) throw invalid(field, 'no such uploaded image');
}

// ——— series ———

export async function listSeries(ctx: AdminContext, query: AdminSeriesQuery): Promise<AdminSeriesPage> {
  const { rows, total } = await repo.listSeries(ctx.db, query, ctx.now);
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      title: r.title,
      status: r.status,
      isAdult: r.isAdult,
      isBl: r.isBl,
      contentKind: r.contentKind,
      coverUrl: r.coverKey ? mediaUrl(r.coverKey) : null,
      brandIds: r.brandIds as AdminSeriesPage['items'][number]['brandIds'],
      episodeCount: r.episodeCount,
      nextPublicationAt: r.nextPublicationAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    page: query.page,
    size: query.size,
    total,
  };
}

export async function seriesDetail(ctx: ServiceContext, seriesId: number): Promise<AdminSeriesDetail> {
  const row = await repo.findSeries(ctx.db, seriesId);
  if (!row) throw new AppError('NOT_EXIST');
  // Also read inside the transaction of a save, whose one connection takes one query at a time.
  const [creators, genres, tags, brands, episodes] = await readAll(ctx, [
    () => catalogRepo.listCreators(ctx.db, seriesId).then((rows) => rows.map(({ name, type }) => ({ name, type }))),
    () => repo.listSeriesGenres(ctx.db, seriesId),
    () => catalogRepo.listTags(ctx.db, seriesId),
    () => repo.listSeriesBrands(ctx.db, seriesId),
    () => repo.listEpisodesOf(ctx.db, seriesId),
  ] as const);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    synopsis: row.synopsis,
    status: row.status,
    schedule: row.schedule,
    isAdult: row.isAdult,
    isBl: row.isBl,
    contentKind: row.contentKind,
    format: row.format === 'SINGLE' ? 'SINGLE' : 'SERIAL',
    coverKey: row.coverKey || null,
    coverUrl: row.coverKey ? mediaUrl(row.coverKey) : null,
    creators,
    genres,
    tags,
    brands: brands.map((b) => ({
      brandId: b.brandId as AdminSeriesDetail['brands'][number]['brandId'],
      title: b.title,
      synopsis: b.synopsis,
      publishedAt: b.publishedAt.toISOString(),
      discountPercent: b.discountPercent,
      freetimeIntervalHours: b.freetimeIntervalHours,
      freetimeExcludesLatest: b.freetimeExcludesLatest,
    })),
    episodes: episodes.map((e) => ({
      id: e.id,
      number: e.number,
      title: e.title,
      publishedAt: e.publishedAt.toISOString(),
      published: e.publishedAt <= ctx.now,
      pageCount: e.pageCount,
      contentKind: e.contentKind,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a series: its fields and lists, without its episodes. */
function seriesSnapshot(detail: AdminSeriesDetail) {
  const { episodes: _e, createdAt: _c, updatedAt: _u, coverUrl: _url, ...rest } = detail;
  return rest;
}

async function checkSeriesInput(ctx: AdminContext, store: BlobStore, input: AdminSeriesInput, exceptId: number | null) {
  assertBrands(
    ctx,
    input.brands.map((b) => b.brandId),
  );
  if (await repo.slugTaken(ctx.db, input.slug, exceptId)) throw invalid('slug', 'taken');
  if (input.coverKey) await assertUploaded(store, input.coverKey, 'coverKey');
  if (input.brands.length > 0 && !input.coverKey) throw invalid('coverKey', 'a series shown on a brand needs a cover');
}

async function writeSeriesParts(db: AdminContext['db'], seriesId: number, input: AdminSeriesInput): Promise<void> {
  await repo.replaceCreators(db, seriesId, input.creators);
  await repo.replaceGenres(db, seriesId, input.genres);
  await repo.replaceTags(db, seriesId, input.tags);
  await repo.replaceBrands(
    db,
    seriesId,
    input.brands.map((b) => ({ ...b, publishedAt: new Date(b.publishedAt) })),
  );
  await reindexSearch(db, { onlyEmpty: true });
}

function seriesValues(input: AdminSeriesInput): repo.SeriesValues {
  return {
    slug: input.slug,
    title: input.title,
    synopsis: input.synopsis,
    status: input.status,
    schedule: [...new Set(input.schedule)],
    isAdult: input.isAdult,
    isBl: input.isBl,
    contentKind: input.contentKind,
    format: input.format,
    // The thumbnail is the cover: renditions are made at the width each list asks for.
    coverKey: input.coverKey ?? '',
    thumbnailKey: input.coverKey ?? '',
  };
}

export function createSeries(ctx: AdminContext, store: BlobStore, input: AdminSeriesInput): Promise<AdminSeriesDetail> {
  return change(ctx, 'SERIES_CREATE', async (tx) => {
    await checkSeriesInput(tx, store, input, null);
    const row = await repo.insertSeries(tx.db, seriesValues(input), tx.now);
    await writeSeriesParts(tx.db, row.id, input);
    const after = await seriesDetail(tx, row.id);
    return {
      result: after,
      record: { targetType: 'series', targetId: row.id, after: seriesSnapshot(after) },
      tags: seriesTags(
        row.id,
        input.brands.map((b) => b.brandId),
        [],
      ),
    };
  });
}

export function updateSeries(
  ctx: AdminContext,
  store: BlobStore,
  seriesId: number,
  input: AdminSeriesInput,
): Promise<AdminSeriesDetail> {
  return change(ctx, 'SERIES_UPDATE', async (tx) => {
    if (!(await repo.lockSeries(tx.db, seriesId))) throw new AppError('NOT_EXIST');
    const before = await seriesDetail(tx, seriesId);
    assertBrands(
      tx,
      before.brands.map((b) => b.brandId),
    );
    await checkSeriesInput(tx, store, input, seriesId);
    await repo.updateSeries(tx.db, seriesId, seriesValues(input), tx.now);
    await writeSeriesParts(tx.db, seriesId, input);
    const after = await seriesDetail(tx, seriesId);
    const brands = [...before.brands, ...after.brands].map((b) => b.brandId);
    return {
      result: after,
      record: {
        targetType: 'series',
        targetId: seriesId,
        before: seriesSnapshot(before),
        after: seriesSnapshot(after),
      },
      tags: seriesTags(
        seriesId,
        brands,
        after.episodes.map((e) => e.id),
      ),
    };
  });
}

// ——— episodes ———

/** The series of an episode, locked, with its brands checked against the admin's. */
async function editableSeries(tx: AdminContext, seriesId: number) {
  const series = await repo.lockSeries(tx.db, seriesId);
  if (!series) throw new AppError('NOT_EXIST');
  const brands = await repo.brandsOfSeries(tx.db, seriesId);
  assertBrands(tx, brands);
  return { series, brands };
}

/** An episode, locked with its series, for a change. */
async function editableEpisode(tx: AdminContext, episodeId: number) {
  const found = await repo.findEpisode(tx.db, episodeId);
  if (!found) throw new AppError('NOT_EXIST');
  const { series, brands } = await editableSeries(tx, found.seriesId);
  const episode = await repo.lockEpisode(tx.db, episodeId);
  if (!episode) throw new AppError('NOT_EXIST');
  return { episode, series, brands };
}

function pageOf(ctx: ServiceContext, p: repo.PageRecord, expiresAt: Date): AdminPage {
  return p.imageKey && p.width && p.height
    ? {
        kind: 'IMAGE',
        id: p.id,
        position: p.position,
        url: ctx.services.signer.sign(p.imageKey, expiresAt),
        width: p.width,
        height: p.height,
      }
    : { kind: 'TEXT', id: p.id, position: p.position, text: p.text ?? '' };
}

export async function episodeDetail(ctx: ServiceContext, episodeId: number): Promise<AdminEpisode> {
  const episode = await repo.findEpisode(ctx.db, episodeId);
  if (!episode) throw new AppError('NOT_EXIST');
  const pages = await repo.listPages(ctx.db, episodeId);
  const expiresAt = new Date(ctx.now.getTime() + PAGE_URL_TTL_MS);
  return {
    id: episode.id,
    seriesId: episode.seriesId,
    number: episode.number,
    title: episode.title,
    isFree: episode.isFree,
    freetime: episode.freetime,
    rentPrice: episode.rentPrice,
    buyPrice: episode.buyPrice,
    saleType: episode.saleType,
    contentKind: episode.contentKind,
    publishedAt: episode.publishedAt.toISOString(),
    published: episode.publishedAt <= ctx.now,
    pages: pages.map((p) => pageOf(ctx, p, expiresAt)),
  };
}

/** What the audit log keeps of an episode: its fields and its pages' images or text lengths. */
async function episodeSnapshot(ctx: ServiceContext, episodeId: number) {
  const episode = await repo.findEpisode(ctx.db, episodeId);
  const pages = await repo.listPages(ctx.db, episodeId);
  if (!episode) return null;
  const { createdAt: _c, thumbnailKey: _t, ...fields } = episode;
  return {
    ...fields,
    pages: pages.map((p) =>
      p.imageKey ? { id: p.id, imageKey: p.imageKey } : { id: p.id, textLength: p.text?.length },
    ),
  };
}

/**
 * When an episode goes out. NOW is the present moment (the notification scan then tells the
 * series' followers); AT must be ahead, unless it is the time already set. A published episode
 * cannot be moved back into the future (its readers hold it), and an empty one cannot go out now.
 */
function publicationTime(
  ctx: AdminContext,
  publication: AdminEpisodeInput['publication'],
  current: { publishedAt: Date; pageCount: number } | null,
): Date {
  const published = current !== null && current.publishedAt <= ctx.now;
  if (publication.mode === 'NOW') {
    if (published) return current.publishedAt;
    if ((current?.pageCount ?? 0) === 0) throw invalid('publication', 'an episode without pages cannot be published');
    return ctx.now;
  }
  const at = new Date(publication.at);
  if (current && at.getTime() === current.publishedAt.getTime()) return at;
  if (published) throw invalid('publication', 'already published');
  if (at <= ctx.now) throw invalid('publication.at', 'in the past');
  return at;
}

function episodeValues(input: AdminEpisodeInput, publishedAt: Date, thumbnailKey: string): repo.EpisodeValues {
  return {
    number: input.number,
    title: input.title,
    isFree: input.isFree,
    freetime: input.freetime,
    rentPrice: input.rentPrice,
    buyPrice: input.buyPrice,
    saleType: input.saleType,
    contentKind: input.contentKind,
    publishedAt,
    thumbnailKey,
  };
}

export function createEpisode(ctx: AdminContext, seriesId: number, input: AdminEpisodeInput): Promise<AdminEpisode> {
  return change(ctx, 'EPISODE_CREATE', async (tx) => {
    const { series, brands } = await editableSeries(tx, seriesId);
    if (!series.coverKey) throw invalid('seriesId', 'the series needs a cover first');
    if (await repo.numberTaken(tx.db, seriesId, input.number, null)) throw invalid('number', 'taken');
    const publishedAt = publicationTime(tx, input.publication, null);
    const row = await repo.insertEpisode(tx.db, seriesId, episodeValues(input, publishedAt, series.thumbnailKey));
    await repo.touchSeries(tx.db, seriesId, tx.now);
    return {
      result: await episodeDetail(tx, row.id),
      record: { targetType: 'episode', targetId: row.id, after: await episodeSnapshot(tx, row.id) },
      tags: seriesTags(seriesId, brands, [row.id]),
    };
  });
}

export function updateEpisode(ctx: AdminContext, episodeId: number, input: AdminEpisodeInput): Promise<AdminEpisode> {
  return change(ctx, 'EPISODE_UPDATE', async (tx) => {
    const { episode, series, brands } = await editableEpisode(tx, episodeId);
    if (await repo.numberTaken(tx.db, series.id, input.number, episodeId)) throw invalid('number', 'taken');
    const pages = await repo.listPages(tx.db, episodeId);
    if (input.contentKind !== episode.contentKind && pages.length > 0) {
      throw invalid('contentKind', 'delete the pages before changing the kind');
    }
    const before = await episodeSnapshot(tx, episodeId);
    const publishedAt = publicationTime(tx, input.publication, {
      publishedAt: episode.publishedAt,
      pageCount: pages.length,
    });
    await repo.updateEpisode(tx.db, episodeId, episodeValues(input, publishedAt, episode.thumbnailKey));
    await repo.touchSeries(tx.db, series.id, tx.now);
    return {
      result: await episodeDetail(tx, episodeId),
      record: { targetType: 'episode', targetId: episodeId, before, after: await episodeSnapshot(tx, episodeId) },
      tags: seriesTags(series.id, brands, [episodeId]),
    };
  });
}

// ——— pages ———

/** A change to an episode's pages, audited with the pages before and after. */
function pageChange(
  ctx: AdminContext,
  action: AuditAction,
  episodeId: number,
  run: (tx: AdminContext, episode: repo.EpisodeRecord, pages: repo.PageRecord[]) => Promise<Record<string, unknown>>,
): Promise<AdminEpisode> {
  return change(ctx, action, async (tx) => {
    const { episode, series } = await editableEpisode(tx, episodeId);
    const before = await episodeSnapshot(tx, episodeId);
    const details = await run(tx, episode, await repo.listPages(tx.db, episodeId));
    await repo.touchSeries(tx.db, series.id, tx.now);
    return {
      result: await episodeDetail(tx, episodeId),
      record: {
        targetType: 'episode',
        targetId: episodeId,
        before: before?.pages,
        after: (await episodeSnapshot(tx, episodeId))?.pages,
        details,
      },
      // A page change shows in the episode's viewer and its series' answers, not in any list; an
      // image key may have become a page (the media route's verdicts).
      tags: [catalogTags.series(series.id), `episode:${episodeId}`, catalogTags.pages],
    };
  });
}

function assertImageEpisode(episode: repo.EpisodeRecord): void {
  if (episode.contentKind !== 'IMAGE') throw invalid('pages', 'a text episode takes its body, not images');
}

/** Cleans every upload first (nothing is stored if one is refused), then stores them. */
async function storePages(store: BlobStore, episodeId: number, uploads: readonly Buffer[]) {
  const cleaned = [];
  for (const upload of uploads) cleaned.push(await cleanUpload(upload, PAGE_BOUNDS));
  const stored = [];
  for (const image of cleaned) {
    const key = `admin/pages/${episodeId}/${randomUUID()}.${image.extension}`;
    await store.put(key, image.data);
    stored.push({ imageKey: key, width: image.width, height: image.height });
  }
  return stored;
}

/** Appends uploaded images as the episode's last pages, in the order given. */
export async function addPages(
  ctx: AdminContext,
  store: BlobStore,
  episodeId: number,
  uploads: readonly Buffer[],
): Promise<AdminEpisode> {
  if (uploads.length === 0) throw invalid('pages', 'no file');
  const existing = await repo.findEpisode(ctx.db, episodeId);
  if (!existing) throw new AppError('NOT_EXIST');
  assertImageEpisode(existing);
  // Cleaning decodes and encodes every image: done before the transaction, which holds row locks.
  const stored = await storePages(store, episodeId, uploads);
  return pageChange(ctx, 'PAGES_ADD', episodeId, async (tx, episode, pages) => {
    assertImageEpisode(episode);
    if (pages.length + stored.length > EPISODE_MAX_PAGES) throw invalid('pages', 'too many pages');
    const last = pages.reduce((max, p) => Math.max(max, p.position), 0);
    await repo.insertPages(
      tx.db,
      episodeId,
      stored.map((s, i) => ({ ...s, position: last + i + 1, text: null })),
    );
    return { added: stored.length };
  });
}

/** Replaces one page's image, keeping its place. */
export async function replacePage(
  ctx: AdminContext,
  store: BlobStore,
  episodeId: number,
  pageId: number,
  upload: Buffer,
): Promise<AdminEpisode> {
  const existing = await repo.findEpisode(ctx.db, episodeId);
  if (!existing) throw new AppError('NOT_EXIST');
  assertImageEpisode(existing);
  const [image] = await storePages(store, episodeId, [upload]);
  if (!image) throw invalid('pages', 'no file');
  return pageChange(ctx, 'PAGE_REPLACE', episodeId, async (tx, _episode, pages) => {
    if (!pages.some((p) => p.id === pageId)) throw new AppError('NOT_EXIST');
    await repo.updatePageImage(tx.db, pageId, image);
    return { pageId };
  });
}

export function deletePage(ctx: AdminContext, episodeId: number, pageId: number): Promise<AdminEpisode> {
  return pageChange(ctx, 'PAGE_DELETE', episodeId, async (tx, episode, pages) => {
    if (!pages.some((p) => p.id === pageId)) throw new AppError('NOT_EXIST');
    if (pages.length === 1 && episode.publishedAt <= tx.now) {
      throw invalid('pageId', 'a published episode keeps at least one page');
    }
    await repo.deletePages(tx.db, episodeId, [pageId]);
    const rest = pages.filter((p) => p.id !== pageId).map((p) => p.id);
    await repo.setPageOrder(tx.db, episodeId, rest);
    return { pageId };
  });
}

export function reorderPages(ctx: AdminContext, episodeId: number, input: PageOrderInput): Promise<AdminEpisode> {
  return pageChange(ctx, 'PAGES_REORDER', episodeId, async (tx, _episode, pages) => {
    const ids = new Set(pages.map((p) => p.id));
    if (input.pageIds.length !== ids.size || new Set(input.pageIds).size !== ids.size) {
      throw invalid('pageIds', 'every page of the episode, once');
    }
    if (input.pageIds.some((id) => !ids.has(id))) throw invalid('pageIds', 'a page of another episode');
    await repo.setPageOrder(tx.db, episodeId, input.pageIds);
    return { order: input.pageIds };
  });
}

/**
 * The text episode's body: paragraphs separated by blank lines, stored as text pages of
 * TEXT_PARAGRAPHS_PER_PAGE paragraphs each (the viewer's text pages, as the seed writes them).
 */
export function textPages(body: string): string[] {
  const paragraphs = body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const pages: string[] = [];
  for (let i = 0; i < paragraphs.length; i += TEXT_PARAGRAPHS_PER_PAGE) {
    pages.push(paragraphs.slice(i, i + TEXT_PARAGRAPHS_PER_PAGE).join('\n\n'));
  }
  return pages;
}

export function saveText(ctx: AdminContext, episodeId: number, body: string): Promise<AdminEpisode> {
  return pageChange(ctx, 'EPISODE_TEXT', episodeId, async (tx, episode) => {
    if (episode.contentKind !== 'TEXT') throw invalid('body', 'an image episode takes images');
    const pages = textPages(body);
    if (pages.length === 0) throw invalid('body', 'empty');
    if (pages.length > EPISODE_MAX_PAGES) throw invalid('body', 'too long');
    await repo.deletePages(tx.db, episodeId);
    await repo.insertPages(
      tx.db,
      episodeId,
      pages.map((text, i) => ({ position: i + 1, imageKey: null, width: null, height: null, text })),
    );
    return { pages: pages.length, characters: body.length };
  });
}

/**
 * An episode as the reader viewer would show it, published or not (decision 0232): its pages
 * signed for PAGE_URL_TTL_MS (unpublished pages are served only signed), no neighbours, no
 * reading position. Only an admin of the content role gets it.
 */
export async function previewEpisode(ctx: AdminContext, episodeId: number): Promise<EpisodePreview> {
  const episode = await repo.findEpisode(ctx.db, episodeId);
  if (!episode) throw new AppError('NOT_EXIST');
  const series = await repo.findSeries(ctx.db, episode.seriesId);
  if (!series) throw new AppError('NOT_EXIST');
  const brands = await repo.listSeriesBrands(ctx.db, series.id);
  const onBrand = brands.find((b) => b.brandId === ctx.brand.id);
  const pages = await repo.listPages(ctx.db, episodeId);
  const expiresAt = new Date(ctx.now.getTime() + PAGE_URL_TTL_MS);
  return {
    series: {
      id: series.id,
      title: onBrand?.title ?? series.title,
      status: series.status,
      nextUpdateAt: null,
      freetimeIntervalHours: onBrand?.freetimeIntervalHours ?? null,
    },
    episode: { id: episode.id, number: episode.number, title: episode.title, contentKind: episode.contentKind },
    pages: pages.map((p) =>
      p.imageKey && p.width && p.height
        ? {
            kind: 'IMAGE' as const,
            index: p.position,
            url: ctx.services.signer.sign(p.imageKey, expiresAt),
            width: p.width,
            height: p.height,
          }
        : { kind: 'TEXT' as const, index: p.position, text: p.text ?? '' },
    ),
    pagesExpireAt: expiresAt.toISOString(),
    prev: null,
    next: null,
    resume: null,
  };
}

// ——— banners ———

function toBanner(row: repo.BannerRecord): AdminBanner {
  return {
    id: row.id,
    brandId: row.brandId,
    title: row.title,
    imageKey: row.imageKey,
    imageUrl: mediaUrl(row.imageKey),
    linkUrl: row.linkUrl,
    displayChannel: row.displayChannel,
    position: row.position,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

export async function listBanners(ctx: AdminContext): Promise<AdminBanner[]> {
  return (await repo.listBanners(ctx.db, ctx.brand.id)).map(toBanner);
}

function bannerValues(input: AdminBannerInput): repo.BannerValues {
  return {
    title: input.title,
    imageKey: input.imageKey,
    linkUrl: input.linkUrl,
    displayChannel: input.displayChannel,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
}

export async function createBanner(ctx: AdminContext, store: BlobStore, input: AdminBannerInput): Promise<AdminBanner> {
  await assertUploaded(store, input.imageKey, 'imageKey');
  return change(ctx, 'BANNER_CREATE', async (tx) => {
    const row = toBanner(await repo.insertBanner(tx.db, tx.brand.id, bannerValues(input)));
    return {
      result: row,
      record: { targetType: 'banner', targetId: row.id, after: row },
      tags: [catalogTags.banners(tx.brand.id)],
    };
  });
}

export async function updateBanner(
  ctx: AdminContext,
  store: BlobStore,
  bannerId: number,
  input: AdminBannerInput,
): Promise<AdminBanner> {
  await assertUploaded(store, input.imageKey, 'imageKey');
  return change(ctx, 'BANNER_UPDATE', async (tx) => {
    const before = await repo.findBanner(tx.db, tx.brand.id, bannerId);
    if (!before) throw new AppError('NOT_EXIST');
    const after = await repo.updateBanner(tx.db, bannerId, bannerValues(input));
    if (!after) throw new AppError('NOT_EXIST');
    return {
      result: toBanner(after),
      record: { targetType: 'banner', targetId: bannerId, before: toBanner(before), after: toBanner(after) },
      tags: [catalogTags.banners(tx.brand.id)],
    };
  });
}

export function deleteBanner(ctx: AdminContext, bannerId: number): Promise<{ deleted: true }> {
  return change(ctx, 'BANNER_DELETE', async (tx) => {
    const before = await repo.findBanner(tx.db, tx.brand.id, bannerId);
    if (!before) throw new AppError('NOT_EXIST');
    await repo.deleteBanner(tx.db, bannerId);
    return {
      result: { deleted: true as const },
      record: { targetType: 'banner', targetId: bannerId, before: toBanner(before) },
      tags: [catalogTags.banners(tx.brand.id)],
    };
  });
}

/** `ids` must be exactly the brand's `current` ids, each once. */
function assertSameIds(current: readonly number[], ids: readonly number[]): void {
  const known = new Set(current);
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
    throw invalid('ids', 'every one of the brand’s, once');
  }
}

export function orderBanners(ctx: AdminContext, ids: readonly number[]): Promise<AdminBanner[]> {
  return change(ctx, 'BANNER_ORDER', async (tx) => {
    const before = await repo.listBanners(tx.db, tx.brand.id);
    assertSameIds(
      before.map((b) => b.id),
      ids,
    );
    await repo.setBannerOrder(tx.db, tx.brand.id, ids);
    return {
      result: await listBanners(tx),
      record: { targetType: 'banners', targetId: tx.brand.id, before: before.map((b) => b.id), after: ids },
      tags: [catalogTags.banners(tx.brand.id)],
    };
  });
}

// ——— picks ———

export async function listPicks(ctx: AdminContext): Promise<AdminPick[]> {
  const rows = await repo.listPicks(ctx.db, ctx.brand.id);
  const items = await repo.listPickSeries(
    ctx.db,
    ctx.brand.id,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    brandId: r.brandId,
    title: r.title,
    description: r.description,
    position: r.position,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    series: items.filter((i) => i.pickId === r.id).map((i) => ({ id: i.id, title: i.title })),
  }));
}

async function pickOf(ctx: AdminContext, pickId: number): Promise<AdminPick> {
  const pick = (await listPicks(ctx)).find((p) => p.id === pickId);
  if (!pick) throw new AppError('NOT_EXIST');
  return pick;
}

async function checkPickSeries(ctx: AdminContext, seriesIds: readonly number[]): Promise<void> {
  const shown = await repo.seriesShownOn(ctx.db, ctx.brand.id, seriesIds);
  if (seriesIds.some((id) => !shown.has(id))) throw invalid('seriesIds', 'a series the brand does not show');
}

function pickValues(input: AdminPickInput): repo.PickValues {
  return {
    title: input.title,
    description: input.description,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
}

export function createPick(ctx: AdminContext, input: AdminPickInput): Promise<AdminPick> {
  return change(ctx, 'PICK_CREATE', async (tx) => {
    await checkPickSeries(tx, input.seriesIds);
    const row = await repo.insertPick(tx.db, tx.brand.id, pickValues(input));
    await repo.replacePickItems(tx.db, row.id, input.seriesIds);
    const after = await pickOf(tx, row.id);
    return {
      result: after,
      record: { targetType: 'pick', targetId: row.id, after },
      tags: [catalogTags.picks(tx.brand.id)],
    };
  });
}

export function updatePick(ctx: AdminContext, pickId: number, input: AdminPickInput): Promise<AdminPick> {
  return change(ctx, 'PICK_UPDATE', async (tx) => {
    if (!(await repo.findPick(tx.db, tx.brand.id, pickId))) throw new AppError('NOT_EXIST');
    const before = await pickOf(tx, pickId);
    await checkPickSeries(tx, input.seriesIds);
    await repo.updatePick(tx.db, pickId, pickValues(input));
    await repo.replacePickItems(tx.db, pickId, input.seriesIds);
    const after = await pickOf(tx, pickId);
    return {
      result: after,
      record: { targetType: 'pick', targetId: pickId, before, after },
      tags: [catalogTags.picks(tx.brand.id)],
    };
  });
}

export function deletePick(ctx: AdminContext, pickId: number): Promise<{ deleted: true }> {
  return change(ctx, 'PICK_DELETE', async (tx) => {
    if (!(await repo.findPick(tx.db, tx.brand.id, pickId))) throw new AppError('NOT_EXIST');
    const before = await pickOf(tx, pickId);
    await repo.deletePick(tx.db, pickId);
    return {
      result: { deleted: true as const },
      record: { targetType: 'pick', targetId: pickId, before },
      tags: [catalogTags.picks(tx.brand.id)],
    };
  });
}

export function orderPicks(ctx: AdminContext, ids: readonly number[]): Promise<AdminPick[]> {
  return change(ctx, 'PICK_ORDER', async (tx) => {
    const before = await repo.listPicks(tx.db, tx.brand.id);
    assertSameIds(
      before.map((p) => p.id),
      ids,
    );
    await repo.setPickOrder(tx.db, tx.brand.id, ids);
    return {
      result: await listPicks(tx),
      record: { targetType: 'picks', targetId: tx.brand.id, before: before.map((p) => p.id), after: ids },
      tags: [catalogTags.picks(tx.brand.id)],
    };
  });
}

// ——— home tabs ———

/** The brand's tab bar order: its own, or the default. */
export async function homeTabOrder(ctx: ServiceContext): Promise<HomeTabSlug[]> {
  return (await repo.findHomeTabs(ctx.db, ctx.brand.id)) ?? [...DEFAULT_HOME_TAB_ORDER];
}

export async function adminHomeTabs(ctx: AdminContext): Promise<AdminHomeTabs> {
  const own = await repo.findHomeTabs(ctx.db, ctx.brand.id);
  return { tabs: own ?? [...DEFAULT_HOME_TAB_ORDER], isDefault: own === null };
}

export function saveHomeTabs(ctx: AdminContext, input: HomeTabOrder): Promise<AdminHomeTabs> {
  return change(ctx, 'HOME_TABS', async (tx) => {
    const before = await adminHomeTabs(tx);
    await repo.saveHomeTabs(tx.db, tx.brand.id, input.tabs, tx.now);
    return {
      result: { tabs: input.tabs, isDefault: false },
      record: { targetType: 'home-tabs', targetId: tx.brand.id, before: before.tabs, after: input.tabs },
      tags: [catalogTags.tabs(tx.brand.id)],
    };
  });
}
