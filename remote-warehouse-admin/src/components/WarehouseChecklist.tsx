import { ChecklistAction, type ChecklistItem, EmptyState, Skeleton, useListSelection } from '@lager/shared';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from './LoadFailed';

/** What the action's dialog gets: the chosen ids, a way to untick some of them, and to close it. */
interface ChecklistDialog {
  ids: number[];
  unselect: (ids: number[]) => void;
  close: () => void;
}

interface WarehouseChecklistProps<W extends { id: number; name: string }> {
  /**
   * The list's query hook: loading, a retry on failure, else its warehouses. Called here, beside the
   * selection, so ticking re-reads the list (a refetched list shows at once).
   */
  useList: () => { data?: W[]; isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** Shown instead of an empty list. */
  empty: ReactNode;
  legend: string;
  /** Links or badges after a warehouse's name. */
  extra?: (warehouse: W) => ReactNode;
  actionLabel: string;
  /** The dialog that carries out the action on the chosen warehouses. */
  dialog: (open: ChecklistDialog) => ReactNode;
}

/**
 * A page's warehouses to select and act on (my warehouses: delete, guest warehouses: leave).
 * After an action the list is refetched; only ids still listed stay selected.
 */
export function WarehouseChecklist<W extends { id: number; name: string }>({
  useList,
  empty,
  extra,
  dialog,
  ...list
}: WarehouseChecklistProps<W>) {
  const query = useList();
  const [chosen, setSelected] = useListSelection(query.data);
  const [acting, setActing] = useState<number[] | null>(null);
  const unselect = (ids: number[]) => setSelected((prev) => prev.filter((id) => !ids.includes(id)));

  let content: ReactNode;
  if (query.isLoading) content = <Skeleton />;
  else if (query.isError || !query.data) content = <LoadFailed onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) content = <EmptyState>{empty}</EmptyState>;
  else {
    const items = query.data.map((w): ChecklistItem => ({ id: w.id, label: w.name, extra: extra?.(w) }));
    content = <ChecklistAction items={items} selected={chosen} onChange={setSelected} onAction={setActing} {...list} />;
  }
  return (
    <>
      {content}
      {acting && dialog({ ids: acting, unselect, close: () => setActing(null) })}
    </>
  );
}
