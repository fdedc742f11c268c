import { AdminCommentPage } from '@balcony/contracts';
import { DataTable } from '@/components/ui/DataTable';
import { Pager } from '@/components/ui/Pager';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole } from '@/lib/console';
import { formatInstant } from '@/lib/format';
import { pageParam, param, type SearchParams } from '@/lib/search-params';
import { ModerateButton } from './ModerateButton';
import styles from './Support.module.css';

const STATES = ['REPORT', 'BLIND'] as const;

/** Reported comments to hide (blind) or restore, and the hidden ones to restore. */
export async function CommentsTab({ search }: { search: SearchParams }) {
  const { brand, locale } = await getConsole();
  const t = await getT('Support');
  const state = STATES.find((s) => s === param(search, 'state')) ?? 'REPORT';
  const page = pageParam(search);
  const list = await api('/admin/comments', AdminCommentPage, { query: { state, page } });
  return (
    <section aria-labelledby="comments-title">
      <h2 id="comments-title">{t('comments.title')}</h2>
      <nav className={styles.filters} aria-label={t('comments.filter')}>
        {STATES.map((option) => (
          <a key={option} href={`/support?tab=comments&state=${option}`} aria-current={option === state}>
            {t(`comments.state.${option}`)}
          </a>
        ))}
      </nav>
      {list.items.length === 0 ? (
        <p>{t('comments.empty')}</p>
      ) : (
        <DataTable
          caption={t(`comments.state.${state}`)}
          columns={[
            t('comments.content'),
            t('comments.author'),
            t('comments.where'),
            t('comments.reports'),
            t('comments.written'),
            { hidden: t('comments.actions') },
          ]}
        >
          {list.items.map((comment) => (
            <tr key={comment.id}>
              <td className={ui.pre}>
                {comment.spoiler ? <span className={ui.badge}>{t('comments.spoiler')}</span> : null}
                {comment.content}
              </td>
              <td>
                {comment.nickname ?? '—'} <span className={ui.muted}>#{comment.authorId}</span>
              </td>
              <td>{t('comments.episode', { series: comment.seriesId, episode: comment.episodeId })}</td>
              <td>{comment.reportCount}</td>
              <td>{formatInstant(comment.createdAt, locale, brand.timeZone)}</td>
              <td>
                <div className={ui.actions}>
                  {comment.state !== 'BLIND' ? <ModerateButton id={comment.id} action="blind" /> : null}
                  <ModerateButton id={comment.id} action="restore" />
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager
        pathname="/support"
        params={{ tab: 'comments', state }}
        page={list.page}
        size={list.size}
        total={list.total}
      />
    </section>
  );
}
