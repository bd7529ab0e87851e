import { usePermissions } from '@lager/shared';

/** What the current user may do in the current warehouse (stock-spec "Who may do what"); writes need view_stock too. */
export function useStockPermissions() {
  const { permissions, isLoading } = usePermissions();
  const has = (name: string) => permissions.includes('view_stock') && permissions.includes(name);
  return {
    isLoading,
    view: permissions.includes('view_stock'),
    manage: has('manage_articles'),
    book: has('book_goods'),
    count: has('count_stock'),
    transfer: has('transfer_stock'),
    reverse: has('reverse_movements'),
    /** stock-spec-3 §3: costs and values. */
    value: has('view_stock_value'),
    /** stock-spec-3 §3: open, review and close count sessions. */
    manageCounts: has('manage_counts'),
    /** Count in a session: a clerk who counts, or who manages counts. */
    countSessions: has('count_stock') || has('manage_counts'),
  };
}
