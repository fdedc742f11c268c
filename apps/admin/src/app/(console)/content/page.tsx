import { AdminSeriesPage, ContentStatus, PlatformId } from '@balcony/contracts';
import type { Metadata } from 'next';
import Link from 'next/link';
import { DataTable } from '@/components/ui/DataTable';
import { Forbidden } from '@/components/ui/Forbidden';
import { Pager } from '@/components/ui/Pager';
import { SelectField } from '@/components/ui/SelectField';
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
        <SelectField
          label={t('filterBrand')}
          name="brand"
          options={PlatformId.options}
          labelOf={(id) => id}
          defaultValue={brandId ?? ''}
          any={t('anyBrand')}
        />
        <SelectField
          label={t('filterStatus')}
          name="status"
          options={ContentStatus.options}
          labelOf={(s) => t(`status.${s}`)}
          defaultValue={status ?? ''}
          any={t('anyStatus')}
        />
        <button type="submit" className={ui.secondary}>
          {t('apply')}
        </button>
      </form>
      {list.items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <DataTable
          caption={t('title')}
          columns={[
            t('columns.cover'),
            t('columns.title'),
            t('columns.status'),
            t('columns.brands'),
            t('columns.episodes'),
            t('columns.next'),
            t('columns.updated'),
          ]}
        >
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
        </DataTable>
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
