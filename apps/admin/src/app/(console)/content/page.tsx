import { AdminSeriesPage, ContentStatus, PlatformId } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Forbidden } from '@/components/ui/Forbidden';
import { Pager } from '@/components/ui/Pager';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole, may } from '@/lib/console';
import { formatInstant } from '@/lib/format';
import { pageParam, param, type SearchParams } from '@/lib/search-params';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Content'))('title') };
}

const SIZE = 20;

// Content (CONTENT): every series, searched by title or slug and filtered by brand and status;
// each opens in the series editor.
export default async function ContentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['CONTENT'])) return <Forbidden />;
  const t = await getT('Content');
  const search = await searchParams;
  const q = param(search, 'q');
  const brandId = PlatformId.safeParse(param(search, 'brand')).data;
  const status = ContentStatus.safeParse(param(search, 'status')).data;
  const page = pageParam(search);
  const list = await api('/admin/series', AdminSeriesPage, { query: { q, brandId, status, page, size: SIZE } });
  return (
    <>
      <h1>{t('title')}</h1>
      <p>
        <Link className={ui.button} href="/content/series/new">
          {t('newSeries')}
        </Link>
      </p>
      <form className={`${ui.card} ${ui.row}`} method="get" aria-label={t('search')}>
        <label className={ui.field}>
          <span>{t('searchLabel')}</span>
          <input type="search" name="q" defaultValue={q ?? ''} maxLength={100} />
        </label>
        <label className={ui.field}>
          <span>{t('filterBrand')}</span>
          <select name="brand" defaultValue={brandId ?? ''}>
            <option value="">{t('anyBrand')}</option>
            {PlatformId.options.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field}>
          <span>{t('filterStatus')}</span>
          <select name="status" defaultValue={status ?? ''}>
            <option value="">{t('anyStatus')}</option>
            {ContentStatus.options.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={ui.secondary}>
          {t('apply')}
        </button>
      </form>
      {list.items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <caption className="visually-hidden">{t('title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.cover')}</th>
                <th scope="col">{t('columns.title')}</th>
                <th scope="col">{t('columns.status')}</th>
                <th scope="col">{t('columns.brands')}</th>
                <th scope="col">{t('columns.episodes')}</th>
                <th scope="col">{t('columns.next')}</th>
                <th scope="col">{t('columns.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((s) => (
                <tr key={s.id}>
                  <td>
                    {s.coverUrl ? (
                      // biome-ignore lint/performance/noImgElement: the api's renditions, through the console's /media.
                      <img src={`${s.coverUrl}?w=640`} alt="" width={48} height={64} style={{ objectFit: 'cover' }} />
                    ) : null}
                  </td>
                  <td>
                    <Link href={`/content/series/${s.id}`}>{s.title}</Link>
                    <div className={ui.muted}>{s.slug}</div>
                  </td>
                  <td>
                    {t(`status.${s.status}`)} · {t(`kind.${s.contentKind}`)}
                  </td>
                  <td>{s.brandIds.join(', ') || '—'}</td>
                  <td>{s.episodeCount}</td>
                  <td>{formatInstant(s.nextPublicationAt, locale, brand.timeZone) || '—'}</td>
                  <td>{formatInstant(s.updatedAt, locale, brand.timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        pathname="/content"
        params={{ q, brand: brandId, status }}
        page={list.page}
        size={list.size}
        total={list.total}
      />
    </>
  );
}
