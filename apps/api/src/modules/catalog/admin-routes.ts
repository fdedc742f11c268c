import {
  AdminBanner,
  AdminBannerInput,
  AdminBannerList,
  AdminDeleted,
  AdminEpisode,
  AdminEpisodeInput,
  AdminHomeTabs,
  AdminPick,
  AdminPickInput,
  AdminPickList,
  AdminSeriesDetail,
  AdminSeriesInput,
  AdminSeriesPage,
  AdminSeriesQuery,
  AppError,
  BannerIdParams,
  EpisodeIdParams,
  EpisodePreview,
  HomeTabOrder,
  ImagePurposeQuery,
  OrderInput,
  PAGE_MAX_BYTES,
  PAGE_UPLOAD_MAX_FILES,
  PageIdParams,
  PageOrderInput,
  PickIdParams,
  SeriesIdParams,
  TextBodyInput,
  UploadedImage,
} from '@balcony/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import type { BlobStore } from '../media/store.js';
import * as admin from './admin-service.js';

// The console's content and home routes (issue 15 items 3 and 4), open to CONTENT and OWNER.
// Images come as multipart forms of files only (`files`); the bytes are checked in the service.

const CONTENT = { admin: ['CONTENT'] } as const;

export const catalogAdminRoutes: FastifyPluginAsyncZod<{ store: BlobStore }> = async (app, { store }) => {
  // Parsed for these routes only, with limits busboy enforces while reading: past them the part
  // stream stops and the request is refused, never buffered whole.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: PAGE_MAX_BYTES,
      files: PAGE_UPLOAD_MAX_FILES,
      fields: 0,
      parts: PAGE_UPLOAD_MAX_FILES,
      fieldNameSize: 64,
      headerPairs: 100,
    },
  });
  const route = routesOf(app, ['admin-content']);

  // ——— images ———

  route({
    method: 'POST',
    url: '/admin/images',
    summary: 'Upload a cover or banner image (multipart, one file in `files`): type checked by content, re-encoded',
    access: CONTENT,
    query: ImagePurposeQuery,
    response: UploadedImage,
    handler: async (ctx, { query }, { request }) => {
      const [file, ...more] = await readFiles(request);
      if (!file || more.length > 0) throw invalid('one file');
      return admin.uploadImage(ctx, store, query.purpose, file);
    },
  });

  // ——— series ———

  route({
    method: 'GET',
    url: '/admin/series',
    summary: 'Series, searched by title or slug, filtered by brand and status, newest change first',
    access: CONTENT,
    query: AdminSeriesQuery,
    response: AdminSeriesPage,
    handler: (ctx, { query }) => admin.listSeries(ctx, query),
  });

  route({
    method: 'POST',
    url: '/admin/series',
    summary: 'Create a series with its creators, genres, tags, and brands with their sale settings; audited',
    access: CONTENT,
    body: AdminSeriesInput,
    response: AdminSeriesDetail,
    handler: (ctx, { body }) => admin.createSeries(ctx, store, body),
  });

  route({
    method: 'GET',
    url: '/admin/series/:seriesId',
    summary: 'A series with everything the editor shows, and its episodes',
    access: CONTENT,
    params: SeriesIdParams,
    response: AdminSeriesDetail,
    handler: (ctx, { params }) => admin.seriesDetail(ctx, params.seriesId),
  });

  route({
    method: 'PUT',
    url: '/admin/series/:seriesId',
    summary: 'Edit a series (the whole record, brands included); audited with before and after',
    access: CONTENT,
    params: SeriesIdParams,
    body: AdminSeriesInput,
    response: AdminSeriesDetail,
    handler: (ctx, { params, body }) => admin.updateSeries(ctx, store, params.seriesId, body),
  });

  // ——— episodes ———

  route({
    method: 'POST',
    url: '/admin/series/:seriesId/episodes',
    summary: 'Create an episode, published now (needs pages) or at a time; audited',
    access: CONTENT,
    params: SeriesIdParams,
    body: AdminEpisodeInput,
    response: AdminEpisode,
    handler: (ctx, { params, body }) => admin.createEpisode(ctx, params.seriesId, body),
  });

  route({
    method: 'GET',
    url: '/admin/episodes/:episodeId',
    summary: 'An episode with its pages (image URLs signed for the console)',
    access: CONTENT,
    params: EpisodeIdParams,
    response: AdminEpisode,
    handler: (ctx, { params }) => admin.episodeDetail(ctx, params.episodeId),
  });

  route({
    method: 'PUT',
    url: '/admin/episodes/:episodeId',
    summary: 'Edit an episode and its publication; audited with before and after',
    access: CONTENT,
    params: EpisodeIdParams,
    body: AdminEpisodeInput,
    response: AdminEpisode,
    handler: (ctx, { params, body }) => admin.updateEpisode(ctx, params.episodeId, body),
  });

  route({
    method: 'GET',
    url: '/admin/episodes/:episodeId/preview',
    summary: 'The episode as the reader viewer shows it, published or not (decision 0232)',
    access: CONTENT,
    params: EpisodeIdParams,
    response: EpisodePreview,
    handler: (ctx, { params }) => admin.previewEpisode(ctx, params.episodeId),
  });

  route({
    method: 'PUT',
    url: '/admin/episodes/:episodeId/text',
    summary: 'The body of a text episode (paragraphs separated by blank lines); audited',
    access: CONTENT,
    params: EpisodeIdParams,
    body: TextBodyInput,
    response: AdminEpisode,
    handler: (ctx, { params, body }) => admin.saveText(ctx, params.episodeId, body.body),
  });

  // ——— pages ———

  route({
    method: 'POST',
    url: '/admin/episodes/:episodeId/pages',
    summary: `Append page images (multipart, up to ${PAGE_UPLOAD_MAX_FILES} files in \`files\`, 20 MB, 2000 × 20000 px each); audited`,
    access: CONTENT,
    params: EpisodeIdParams,
    response: AdminEpisode,
    handler: async (ctx, { params }, { request }) =>
      admin.addPages(ctx, store, params.episodeId, await readFiles(request)),
  });

  route({
    method: 'PUT',
    url: '/admin/episodes/:episodeId/pages/order',
    summary: 'Reorder the pages: every page id of the episode, once, in the new order; audited',
    access: CONTENT,
    params: EpisodeIdParams,
    body: PageOrderInput,
    response: AdminEpisode,
    handler: (ctx, { params, body }) => admin.reorderPages(ctx, params.episodeId, body),
  });

  route({
    method: 'PUT',
    url: '/admin/episodes/:episodeId/pages/:pageId',
    summary: 'Replace one page’s image (multipart, one file in `files`); audited',
    access: CONTENT,
    params: PageIdParams,
    response: AdminEpisode,
    handler: async (ctx, { params }, { request }) => {
      const [file, ...more] = await readFiles(request);
      if (!file || more.length > 0) throw invalid('one file');
      return admin.replacePage(ctx, store, params.episodeId, params.pageId, file);
    },
  });

  route({
    method: 'DELETE',
    url: '/admin/episodes/:episodeId/pages/:pageId',
    summary: 'Delete one page; the others close up; audited',
    access: CONTENT,
    params: PageIdParams,
    response: AdminEpisode,
    handler: (ctx, { params }) => admin.deletePage(ctx, params.episodeId, params.pageId),
  });

  // ——— home: banners, picks, tab order (of the brand in x-balcony-id) ———

  route({
    method: 'GET',
    url: '/admin/banners',
    summary: 'The brand’s banners in order, with their schedules',
    access: CONTENT,
    response: AdminBannerList,
    handler: (ctx) => admin.listBanners(ctx),
  });

  route({
    method: 'POST',
    url: '/admin/banners',
    summary: 'Add a banner (last in order); audited',
    access: CONTENT,
    body: AdminBannerInput,
    response: AdminBanner,
    handler: (ctx, { body }) => admin.createBanner(ctx, store, body),
  });

  route({
    method: 'PUT',
    url: '/admin/banners/order',
    summary: 'Reorder the brand’s banners (every id once); audited',
    access: CONTENT,
    body: OrderInput,
    response: AdminBannerList,
    handler: (ctx, { body }) => admin.orderBanners(ctx, body.ids),
  });

  route({
    method: 'PUT',
    url: '/admin/banners/:bannerId',
    summary: 'Edit a banner; audited with before and after',
    access: CONTENT,
    params: BannerIdParams,
    body: AdminBannerInput,
    response: AdminBanner,
    handler: (ctx, { params, body }) => admin.updateBanner(ctx, store, params.bannerId, body),
  });

  route({
    method: 'DELETE',
    url: '/admin/banners/:bannerId',
    summary: 'Delete a banner; audited',
    access: CONTENT,
    params: BannerIdParams,
    response: AdminDeleted,
    handler: (ctx, { params }) => admin.deleteBanner(ctx, params.bannerId),
  });

  route({
    method: 'GET',
    url: '/admin/picks',
    summary: 'The brand’s editors’ picks in order, with their series',
    access: CONTENT,
    response: AdminPickList,
    handler: (ctx) => admin.listPicks(ctx),
  });

  route({
    method: 'POST',
    url: '/admin/picks',
    summary: 'Add an editors’ pick with its series in order; audited',
    access: CONTENT,
    body: AdminPickInput,
    response: AdminPick,
    handler: (ctx, { body }) => admin.createPick(ctx, body),
  });

  route({
    method: 'PUT',
    url: '/admin/picks/order',
    summary: 'Reorder the brand’s picks (every id once); audited',
    access: CONTENT,
    body: OrderInput,
    response: AdminPickList,
    handler: (ctx, { body }) => admin.orderPicks(ctx, body.ids),
  });

  route({
    method: 'PUT',
    url: '/admin/picks/:pickId',
    summary: 'Edit a pick and its series; audited with before and after',
    access: CONTENT,
    params: PickIdParams,
    body: AdminPickInput,
    response: AdminPick,
    handler: (ctx, { params, body }) => admin.updatePick(ctx, params.pickId, body),
  });

  route({
    method: 'DELETE',
    url: '/admin/picks/:pickId',
    summary: 'Delete a pick; audited',
    access: CONTENT,
    params: PickIdParams,
    response: AdminDeleted,
    handler: (ctx, { params }) => admin.deletePick(ctx, params.pickId),
  });

  route({
    method: 'GET',
    url: '/admin/home/tabs',
    summary: 'The order of the brand’s home tab bar',
    access: CONTENT,
    response: AdminHomeTabs,
    handler: (ctx) => admin.adminHomeTabs(ctx),
  });

  route({
    method: 'PUT',
    url: '/admin/home/tabs',
    summary: 'Set the order of the brand’s home tab bar (every tab once); audited',
    access: CONTENT,
    body: HomeTabOrder,
    response: AdminHomeTabs,
    handler: (ctx, { body }) => admin.saveHomeTabs(ctx, body),
  });
};

/**
 * The files of a multipart form (field `files`). Anything else (another field, a part past a
 * limit, a body that is not multipart) is INVALID_PARAMETER.
 */
async function readFiles(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw invalid('not multipart');
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'files') throw invalid(`unexpected part ${part.fieldname}`);
      files.push(await part.toBuffer());
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The multipart plugin's refusals (a file past its size, too many files, a malformed body)
    // carry a 4xx status; anything else is ours to log as a 500.
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      throw invalid((error as { code?: string }).code ?? 'multipart');
    }
    if (error instanceof Error && error.message === 'Unexpected end of multipart data') throw invalid('truncated');
    throw error;
  }
  return files;
}

function invalid(reason: string): AppError {
  return new AppError('INVALID_PARAMETER', { field: 'files', reason });
}
