import { Alert, EmptyState, Skeleton } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { type ListStockMovementsApiArg, useListStockMovementsQuery } from '../../api/stock-api';
import { NS } from '../../i18n';
import { MoreRow, useCursorPages, WideRow } from '../../lib/table';
import { MovementHead, MovementRows } from './MovementTable';

export type JournalFilters = Omit<ListStockMovementsApiArg, 'cursor' | 'limit'>;

/** The journal for these filters, page by page ("load more" follows the cursor). */
export function MovementJournal({ filters, caption }: { filters: JournalFilters; caption: string }) {
  const pages = useCursorPages();
  const showArticle = filters.articleId === undefined;
  const atLocation = filters.locationId !== undefined;
  return (
    // A box that scrolls sideways on a phone: keyboard users reach it with Tab and scroll it with the arrows.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1).
    <section className="stock-scroll" tabIndex={0} aria-label={caption}>
      <table className="stock-table stock-journal">
        <caption className="visually-hidden">{caption}</caption>
        <MovementHead showArticle={showArticle} atLocation={atLocation} />
        {pages.map(({ key, ...page }) => (
          <JournalPage key={key} filters={filters} showArticle={showArticle} {...page} />
        ))}
      </table>
    </section>
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
  const columns = showArticle ? 9 : 8;
  if (isLoading || isError || !data) {
    return (
      <tbody>
        <WideRow columns={columns}>
          {isLoading ? (
            <Skeleton rows={3} label={t('journal.loading')} />
          ) : (
            <Alert kind="error">{t('errors.loadFailed')}</Alert>
          )}
        </WideRow>
      </tbody>
    );
  }
  return (
    <tbody>
      {first && data.movements.length === 0 && (
        <WideRow columns={columns}>
          <EmptyState>{t('journal.empty')}</EmptyState>
        </WideRow>
      )}
      <MovementRows
        movements={data.movements}
        showArticle={showArticle}
        atLocation={filters.locationId !== undefined}
      />
      <MoreRow columns={columns} cursor={data.next_cursor} onMore={onMore} />
    </tbody>
  );
}
