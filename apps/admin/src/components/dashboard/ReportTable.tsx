import ui from '@/components/ui/ui.module.css';
import styles from './Dashboard.module.css';

// A report's figures as a table: what each chart draws, for screen readers, for reading exact
// values, and as the CSV export lists them. Rendered on the server (no script).

export interface Column<R> {
  key: string;
  label: string;
  /** The cell's text. */
  cell: (row: R) => string;
  numeric?: boolean;
}

export function ReportTable<R>({
  id,
  caption,
  columns,
  rows,
  empty,
}: {
  id: string;
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  empty: string;
}) {
  if (rows.length === 0) {
    return (
      <p id={id} className={ui.muted}>
        {empty}
      </p>
    );
  }
  return (
    <div className={`${ui.tableWrap} ${styles.tableScroll}`}>
      <table id={id} className={ui.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? styles.number : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // Rows have no id of their own; their order is the report's.
            // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows never move.
            <tr key={i}>
              {columns.map((c, j) =>
                j === 0 ? (
                  <th key={c.key} scope="row" className={c.numeric ? styles.number : undefined}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.key} className={c.numeric ? styles.number : undefined}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
