import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChecklistItem {
  id: number;
  label: ReactNode;
  /** Extra content after the label (links, badges). */
  extra?: ReactNode;
}

interface ChecklistProps {
  legend: string;
  items: ChecklistItem[];
  selected: number[];
  onChange: (selected: number[]) => void;
  /** Without checkboxes (e.g. no delete permission) the list is read-only. */
  selectable?: boolean;
  disabled?: boolean;
}

/** A list of checkboxes with select all / none, used by every multi-select screen. */
export function Checklist({ legend, items, selected, onChange, selectable = true, disabled }: ChecklistProps) {
  const { t } = useTranslation('common');
  const toggle = (id: number) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  return (
    <fieldset className="checklist" disabled={disabled}>
      <legend>{legend}</legend>
      {selectable && (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => onChange(items.map((i) => i.id))}>
            {t('buttons.selectAll')}
          </button>
          <button type="button" className="secondary" onClick={() => onChange([])}>
            {t('buttons.selectNone')}
          </button>
        </div>
      )}
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {selectable ? (
              <label>
                <input type="checkbox" checked={selected.includes(item.id)} onChange={() => toggle(item.id)} />{' '}
                {item.label}
              </label>
            ) : (
              <span>{item.label}</span>
            )}
            {item.extra && <span className="row-actions">{item.extra}</span>}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The chosen ids among the items still listed: after an action the list is refetched, and what is
 * gone stops counting as chosen.
 */
export function useListSelection(listed: readonly { id: number }[] | undefined) {
  const [selected, setSelected] = useState<number[]>([]);
  const chosen = selected.filter((id) => listed?.some((item) => item.id === id) ?? false);
  return [chosen, setSelected] as const;
}

interface ChecklistActionProps extends ChecklistProps {
  actionLabel: string;
  onAction: (chosen: number[]) => void;
  busy?: boolean;
}

/** A checklist with one danger action on the chosen items (delete, leave, remove selected), off while none is chosen. */
export function ChecklistAction({ actionLabel, onAction, busy, ...list }: ChecklistActionProps) {
  return (
    <>
      <Checklist {...list} />
      <div className="actions">
        <button
          type="button"
          className="danger"
          disabled={list.selected.length === 0 || busy}
          onClick={() => onAction(list.selected)}
        >
          {actionLabel}
        </button>
      </div>
    </>
  );
}
