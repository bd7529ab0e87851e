import { ConfirmDialog, errorMessage } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_ERRORS, type Movement, useReverseStockMovementMutation } from '../../api/stock-api';
import { NS } from '../../i18n';
import { useIdempotentSubmit } from '../../lib/idempotency';

/** Whether a journal row can still be reversed (the server refuses the rest). */
export const isReversible = (m: Movement) => m.kind !== 'reversal' && m.reversed_by_id === null && !m.transfer_id;

/** Reverses (storno) one movement after a confirmation; `label` names it for the screen reader. */
export function ReverseButton({
  movement,
  label,
  confirm = true,
  text,
  onReversed,
}: {
  movement: Movement;
  label: string;
  /** Ask first (journal); the quick booking's undo reverses at once. */
  confirm?: boolean;
  text?: string;
  onReversed?: () => void;
}) {
  const { t } = useTranslation(NS);
  const [reverse, { isLoading }] = useReverseStockMovementMutation();
  const idempotent = useIdempotentSubmit();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const run = async () => {
    setError(undefined);
    try {
      await idempotent({ id: movement.id }, (key) =>
        reverse({ id: movement.id, 'idempotency-key': key, body: {} }).unwrap(),
      );
      setAsking(false);
      onReversed?.();
    } catch (failure) {
      const { key, values } = errorMessage(failure, BOOKING_ERRORS);
      setError(t(key, values));
    }
  };
  return (
    <>
      <button
        type="button"
        className="secondary"
        aria-label={label}
        disabled={isLoading}
        onClick={() => (confirm ? setAsking(true) : void run())}
      >
        {text ?? t('journal.reverse')}
      </button>
      {!confirm && error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
      {asking && (
        <ConfirmDialog
          title={t('journal.reverseTitle')}
          message={t('journal.reverseText')}
          confirmLabel={t('journal.reverse')}
          busy={isLoading}
          error={error}
          onConfirm={() => void run()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
