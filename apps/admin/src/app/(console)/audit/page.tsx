import { AdminAuditPage, AdminAuditQuery } from '@balcony/contracts';
import type { Metadata } from 'next';
import styles from '@/components/audit/Audit.module.css';
import { JsonDiff } from '@/components/audit/JsonDiff';
import { DataTable } from '@/components/ui/DataTable';
import { Forbidden } from '@/components/ui/Forbidden';
import { Pager } from '@/components/ui/Pager';
import ui from '@/components/ui/ui.module.css';
import { getT } from '@/i18n/server';
import { api } from '@/lib/api';
import { getConsole, may } from '@/lib/console';
import { formatInstant, zonedLocalToIso } from '@/lib/format';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT('Audit'))('title') };
}

type Search = Record<string, string | string[] | undefined>;

const TEXT_FILTERS = ['action', 'adminId', 'userId', 'targetType', 'targetId', 'q'] as const;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

// The audit log (OWNER): read-only, newest first, searched by action, admin, target, member, free
// text and a date range (days of the brand's time zone). Nothing here edits or deletes an entry:
// the api has no such route and the database refuses it.
export default async function AuditPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { admin, brand, locale } = await getConsole();
  if (!may(admin, ['OWNER'])) return <Forbidden />;
  const t = await getT('Audit');
  const search = await searchParams;
  const form = Object.fromEntries(TEXT_FILTERS.map((name) => [name, first(search[name])])) as Record<
    (typeof TEXT_FILTERS)[number],
    string
  >;
  const fromDay = first(search.from);
  const toDay = first(search.to);
  const query = AdminAuditQuery.safeParse({
    ...Object.fromEntries(Object.entries(form).filter(([, value]) => value !== '')),
    from: fromDay ? (zonedLocalToIso(`${fromDay}T00:00`, brand.timeZone) ?? 'invalid') : undefined,
    to: toDay ? (zonedLocalToIso(`${toDay}T23:59:59`, brand.timeZone) ?? 'invalid') : undefined,
    page: first(search.page) || undefined,
  });
  const result = query.success ? await api('/admin/audit', AdminAuditPage, { query: query.data }) : null;

  return (
    <>
      <h1>{t('title')}</h1>
      <p className={ui.muted}>{t('intro', { zone: brand.timeZone })}</p>
      <search aria-label={t('searchLabel')}>
        <form className={`${ui.card} ${styles.filters}`} method="get">
          {TEXT_FILTERS.map((name) => (
            <label key={name} className={ui.field}>
              <span>{t(`filters.${name}`)}</span>
              <input
                name={name}
                defaultValue={form[name]}
                inputMode={name === 'adminId' || name === 'userId' ? 'numeric' : undefined}
                maxLength={100}
              />
            </label>
          ))}
          <label className={ui.field}>
            <span>{t('filters.from')}</span>
            <input type="date" name="from" defaultValue={fromDay} />
          </label>
          <label className={ui.field}>
            <span>{t('filters.to')}</span>
            <input type="date" name="to" defaultValue={toDay} />
          </label>
          <div className={ui.actions}>
            <button type="submit" className={ui.button}>
              {t('search')}
            </button>
            <a className={ui.secondary} href="/audit">
              {t('reset')}
            </a>
          </div>
        </form>
      </search>
      {!result ? (
        <p className={ui.error} role="alert">
          {t('invalidFilters')}
        </p>
      ) : result.items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <>
          <DataTable
            caption={t('caption')}
            columns={[t('when'), t('who'), t('action'), t('target'), t('member'), t('address'), t('changesTitle')]}
          >
            {result.items.map((entry) => (
              <tr key={entry.id}>
                <td>{formatInstant(entry.createdAt, locale, brand.timeZone)}</td>
                <td>
                  {entry.adminEmail ?? t('system')}
                  {entry.adminId ? <span className={ui.muted}> #{entry.adminId}</span> : null}
                </td>
                <td className={ui.mono}>{entry.action}</td>
                <td className={ui.mono}>
                  {[entry.targetType, entry.targetId].filter(Boolean).join(' #') || '—'}
                  {entry.brandId ? <div className={ui.muted}>{entry.brandId}</div> : null}
                </td>
                <td>{entry.targetUserId ?? '—'}</td>
                <td className={ui.mono}>{entry.ip ?? '—'}</td>
                <td>
                  <details className={styles.details}>
                    <summary>{t('show')}</summary>
                    <JsonDiff before={entry.before} after={entry.after} />
                    {Object.keys(entry.details).length > 0 ? (
                      <>
                        <h3>{t('details')}</h3>
                        <JsonDiff before={null} after={entry.details} />
                      </>
                    ) : null}
                  </details>
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager
            pathname="/audit"
            params={{ ...form, from: fromDay, to: toDay }}
            page={result.page}
            size={result.size}
            total={result.total}
          />
        </>
      )}
    </>
  );
}
