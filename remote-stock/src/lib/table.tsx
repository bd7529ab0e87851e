import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';

/** A column header; numbers are right-aligned. `false` leaves a column out (e.g. the article in its own journal). */
export type Column = { label: ReactNode; number?: boolean } | false;

/** The column headers of one of the section's tables. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map(
          (column, index) =>
            column && (
              <th key={index} scope="col" className={column.number ? 'number' : undefined}>
                {column.label}
              </th>
            ),
        )}
      </tr>
    </thead>
  );
}

/**
 * A header with a short form for phones ("Art.-Nr." for "Artikelnummer"), so that its column
 * needs no more room there than its values. The full name is shown where there is room and is
 * what a screen reader says everywhere; on a phone the short form is shown (the full name on
 * hover). Where both are the same (English "SKU"), just the text.
 */
export function ShortLabel({ short, full }: { short: string; full: string }) {
  if (short === full) return short;
  return (
    <>
      <span className="stock-label-full">{full}</span>
      <span className="stock-label-short" aria-hidden="true">
        <abbr title={full}>{short}</abbr>
      </span>
    </>
  );
}

/** One cell across the whole table: an error, the empty state, "load more". */
export function WideRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns}>{children}</td>
    </tr>
  );
}

/** "Load more" of a cursor-paged table, while there is a next page and this is the last one loaded. */
export function MoreRow({
  columns,
  cursor,
  onMore,
}: {
  columns: number;
  cursor: string | null | undefined;
  onMore?: (cursor: string) => void;
}) {
  const { t } = useTranslation(NS);
  if (!onMore || !cursor) return null;
  return (
    <WideRow columns={columns}>
      <button type="button" className="secondary" onClick={() => onMore(cursor)}>
        {t('list.more')}
      </button>
    </WideRow>
  );
}

/**
 * The pages of a "load more" table: one per cursor followed so far, rendered in order; only the
 * last one offers the next (`onMore`).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return cursors.map((cursor, index) => ({
    key: cursor ?? 'first',
    cursor,
    first: index === 0,
    onMore: index === cursors.length - 1 ? (next: string) => setCursors([...cursors, next]) : undefined,
  }));
}
