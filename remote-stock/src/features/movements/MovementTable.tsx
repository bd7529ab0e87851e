import { useTranslation } from 'react-i18next';
import type { Movement } from '../../api/stock-api';
import { NS } from '../../i18n';
import { useFormat } from '../../lib/format';
import { useStockPermissions } from '../../lib/permissions';
import { TableHead } from '../../lib/table';
import { isReversible, ReverseButton } from './ReverseButton';

/**
 * Where a row was booked: its location's code; a relocation names both places (its other row, found
 * by the transfer id on the same page, else an arrow on the side it is on).
 */
function placeOf(m: Movement, movements: Movement[]): string {
  const own = m.location_code ?? '–';
  if (m.kind !== 'relocation') return own;
  const other = movements.find((o) => o.id !== m.id && o.transfer_id !== null && o.transfer_id === m.transfer_id);
  const there = other?.location_code ?? '…';
  return m.delta < 0 ? `${own} → ${there}` : `${there} → ${own}`;
}

/**
 * Journal rows, newest first; each reversible row offers a reversal to who may reverse. With
 * `atLocation` (the journal filtered by a location) "stock after" is the stock at that location.
 */
export function MovementRows({
  movements,
  showArticle,
  atLocation = false,
}: {
  movements: Movement[];
  showArticle: boolean;
  atLocation?: boolean;
}) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const can = useStockPermissions();
  return (
    <>
      {movements.map((m) => (
        <tr key={m.id}>
          <td className="stock-wrap-words">{format.dateTime(m.created_at)}</td>
          {showArticle && (
            <td>
              {m.article_sku} · {m.article_name}
            </td>
          )}
          <td className="stock-wrap-words">
            {t(`kinds.${m.kind}`)}
            {m.reason && <small> ({t(`reasons.${m.reason}`)})</small>}
            {m.reversed_by_id !== null && <span className="badge"> {t('journal.reversed')}</span>}
          </td>
          <td className="number tabular">{format.delta(m.delta, m.unit)}</td>
          <td className="stock-wrap-words">{placeOf(m, movements)}</td>
          <td className="number tabular">
            {format.quantity(atLocation ? (m.location_quantity_after ?? m.quantity_after) : m.quantity_after, m.unit)}
          </td>
          <td className="stock-wrap">{m.user_name}</td>
          <td className="stock-wrap">{[m.reference, m.note].filter(Boolean).join(' · ')}</td>
          <td>
            {can.reverse && isReversible(m) && (
              <ReverseButton
                movement={m}
                label={t('journal.reverseLabel', { name: m.article_name, when: format.dateTime(m.created_at) })}
              />
            )}
          </td>
        </tr>
      ))}
    </>
  );
}

export function MovementHead({ showArticle, atLocation = false }: { showArticle: boolean; atLocation?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <TableHead
      columns={[
        { label: t('journal.when') },
        showArticle && { label: t('journal.article') },
        { label: t('journal.kind') },
        { label: t('journal.delta'), number: true },
        { label: t('journal.location') },
        { label: t(atLocation ? 'journal.afterAtLocation' : 'journal.after'), number: true },
        { label: t('journal.user') },
        { label: t('journal.note') },
        { label: <span className="visually-hidden">{t('journal.actions')}</span> },
      ]}
    />
  );
}
