import { ChunkBoundary, Loading, lazyRetry } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import type { LabelInput } from './label-pdf';

// The dialog (and, when the user prints, the PDF libraries) load on the first click; offline that
// click says so beside the button and the dialog opens once the code arrives (ChunkBoundary).
const LabelDialog = lazyRetry(() => import('./LabelDialog').then((module) => ({ default: module.LabelDialog })));

/**
 * "Etiketten drucken": opens the print dialog for `labels`; disabled while there are none.
 * `name` is what a screen reader says where several such buttons stand on one page.
 */
export function PrintLabelsButton({
  labels,
  text,
  name,
}: {
  labels: readonly LabelInput[];
  text?: string;
  name?: string;
}) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="secondary"
        disabled={labels.length === 0}
        aria-label={name}
        onClick={() => setOpen(true)}
      >
        {text ?? t('labels.print')}
      </button>
      {open && (
        <ChunkBoundary fallback={<Loading />}>
          <LabelDialog labels={labels} onClose={() => setOpen(false)} />
        </ChunkBoundary>
      )}
    </>
  );
}
