import { getT } from '@/i18n/server';
import { diffJson } from '@/lib/json-diff';
import styles from './Audit.module.css';

/** An entry's before and after, leaf by leaf; what changed is marked in words and colour. */
export async function JsonDiff({ before, after }: { before: unknown; after: unknown }) {
  const t = await getT('Audit');
  const rows = diffJson(before, after);
  if (rows.length === 0) return <p>{t('noState')}</p>;
  return (
    <table className={styles.diff}>
      <thead>
        <tr>
          <th scope="col">{t('field')}</th>
          <th scope="col">{t('before')}</th>
          <th scope="col">{t('after')}</th>
          <th scope="col">{t('change')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.path} className={styles[row.change]}>
            <th scope="row">{row.path}</th>
            <td>{row.before ?? '—'}</td>
            <td>{row.after ?? '—'}</td>
            <td>{t(`changes.${row.change}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
