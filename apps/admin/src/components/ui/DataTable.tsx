import type { ReactNode } from 'react';
import ui from './ui.module.css';

/** A column heading: its words, or words only screen readers get (a column of buttons). */
export type Column = string | { hidden: string };

interface Props {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly Column[];
  /** The rows of the body. */
  children: ReactNode;
}

/** The console's table: scrolls sideways in its frame, a hidden caption, a row of column headings. */
export function DataTable({ caption, columns, children }: Props) {
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.hidden} scope="col">
                  <span className="visually-hidden">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
