import { useTranslation } from 'react-i18next';
import type { Movement } from '../../api/stock-api';
import { NS } from '../../i18n';
import { useFormat } from '../../lib/format';
import { useStockPermissions } from '../../lib/permissions';
import { TableHead } from '../../lib/table';
import { isReversible, ReverseButton } from './ReverseButton';

/** Journal rows, newest first; each reversible row offers a reversal to who may reverse. */
export function MovementRows({ movements, showArticle }: { movements: Movement[]; showArticle: boolean }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const can = useStockPermissions();
  return (
    <>
      {movements.map((m) => (
        <tr key={m.id}>
          <td>{format.dateTime(m.created_at)}</td>
          {showArticle && (
            <td>
              {m.article_sku} · {m.article_name}
            </td>
          )}
          <td>
            {t(`kinds.${m.kind}`)}
            {m.reason && <small> ({t(`reasons.${m.reason}`)})</small>}
            {m.reversed_by_id !== null && <span className="badge"> {t('journal.reversed')}</span>}
          </td>
          <td className="number tabular">{format.delta(m.delta, m.unit)}</td>
          <td className="number tabular">{format.quantity(m.quantity_after, m.unit)}</td>
          <td>{m.user_name}</td>
          <td>{[m.reference, m.note].filter(Boolean).join(' · ')}</td>
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

export function MovementHead({ showArticle }: { showArticle: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <TableHead
      columns={[
        { label: t('journal.when') },
        showArticle && { label: t('journal.article') },
        { label: t('journal.kind') },
        { label: t('journal.delta'), number: true },
        { label: t('journal.after'), number: true },
        { label: t('journal.user') },
        { label: t('journal.note') },
        { label: <span className="visually-hidden">{t('journal.actions')}</span> },
      ]}
    />
  );
}
