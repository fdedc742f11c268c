import { AdminNoticePage } from '@balcony/contracts';
import { DataTable } from '@/components/ui/DataTable';
import { Pager } from '@/components/ui/Pager';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole } from '@/lib/console';
import { formatInstant } from '@/lib/format';
import { pageParam, param, type SearchParams } from '@/lib/search-params';
import { DeleteButton } from './DeleteButton';
import { NoticeEditor } from './NoticeEditor';

/** The brand's notices (drafts and scheduled ones too), one opened in the editor, or a new one. */
export async function NoticesTab({ search }: { search: SearchParams }) {
  const { brand, locale } = await getConsole();
  const t = await getT('Support');
  const page = pageParam(search);
  const list = await api('/admin/notices', AdminNoticePage, { query: { page } });
  const editId = Number(param(search, 'edit'));
  const editing = list.items.find((notice) => notice.id === editId) ?? null;
  return (
    <section aria-labelledby="notices-title">
      <h2 id="notices-title">{t('notices.title')}</h2>
      {list.items.length === 0 ? (
        <p>{t('notices.empty')}</p>
      ) : (
        <DataTable
          caption={t('notices.title')}
          columns={[
            t('notices.noticeTitle'),
            t('notices.state'),
            t('notices.publishedAt'),
            { hidden: t('notices.actions') },
          ]}
        >
          {list.items.map((notice) => (
            <tr key={notice.id}>
              <td>
                {notice.pinned ? <span className={ui.badge}>{t('notices.pinned')}</span> : null}
                {notice.title}
              </td>
              <td>{t(`notices.states.${notice.state}`)}</td>
              <td>{formatInstant(notice.publishedAt, locale, brand.timeZone) || '—'}</td>
              <td>
                <div className={ui.actions}>
                  <a
                    className={ui.secondary}
                    href={`/support?tab=notices&page=${page}&edit=${notice.id}#notice-editor`}
                  >
                    {t('edit')}
                  </a>
                  <DeleteButton path={`notices/${notice.id}`} name={notice.title} />
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager pathname="/support" params={{ tab: 'notices' }} page={list.page} size={list.size} total={list.total} />
      <h3 id="notice-editor">{editing ? t('notices.editTitle', { title: editing.title }) : t('notices.newTitle')}</h3>
      <NoticeEditor key={editing?.id ?? 'new'} notice={editing} timeZone={brand.timeZone} />
    </section>
  );
}
