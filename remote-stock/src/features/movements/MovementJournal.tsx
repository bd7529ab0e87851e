import { Alert, EmptyState, Skeleton } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListStockMovementsApiArg, useListStockMovementsQuery } from '../../api/stock-api';
import { NS } from '../../i18n';
import { MovementHead, MovementRows } from './MovementTable';

export type JournalFilters = Omit<ListStockMovementsApiArg, 'cursor' | 'limit'>;

/** The journal for these filters, page by page ("load more" follows the cursor). */
export function MovementJournal({ filters, caption }: { filters: JournalFilters; caption: string }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const showArticle = filters.articleId === undefined;
  return (
    <div className="stock-scroll">
      <table className="stock-table">
        <caption className="visually-hidden">{caption}</caption>
        <MovementHead showArticle={showArticle} />
        {cursors.map((cursor, index) => (
          <JournalPage
            key={cursor ?? 'first'}
            filters={filters}
            cursor={cursor}
            first={index === 0}
            showArticle={showArticle}
            onMore={index === cursors.length - 1 ? (next) => setCursors([...cursors, next]) : undefined}
          />
        ))}
      </table>
    </div>
  );
}

function JournalPage({
  filters,
  cursor,
  first,
  showArticle,
  onMore,
}: {
  filters: JournalFilters;
  cursor?: string;
  first: boolean;
  showArticle: boolean;
  onMore?: (cursor: string) => void;
}) {
  const { t } = useTranslation(NS);
  const { data, isLoading, isError } = useListStockMovementsQuery({ ...filters, cursor });
  const columns = showArticle ? 8 : 7;
  if (isLoading || isError || !data) {
    return (
      <tbody>
        <tr>
          <td colSpan={columns}>
            {isLoading ? (
              <Skeleton rows={3} label={t('journal.loading')} />
            ) : (
              <Alert kind="error">{t('errors.loadFailed')}</Alert>
            )}
          </td>
        </tr>
      </tbody>
    );
  }
  return (
    <tbody>
      {first && data.movements.length === 0 && (
        <tr>
          <td colSpan={columns}>
            <EmptyState>{t('journal.empty')}</EmptyState>
          </td>
        </tr>
      )}
      <MovementRows movements={data.movements} showArticle={showArticle} />
      {onMore && data.next_cursor && (
        <tr>
          <td colSpan={columns}>
            <button type="button" className="secondary" onClick={() => onMore(data.next_cursor!)}>
              {t('list.more')}
            </button>
          </td>
        </tr>
      )}
    </tbody>
  );
}
