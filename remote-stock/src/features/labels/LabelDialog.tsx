import { Alert, Dialog, TextField } from '@lager/shared';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { saveFile } from '../../lib/save-file';
import type { LabelInput } from './label-pdf';
import { LAYOUT_IDS, LAYOUTS, type LayoutId, labelsPerPage, pageCount } from './layouts';
import { withoutBarcode } from './printable';
import { addLabelTexts } from './texts';

/**
 * The print dialog: layout, start slot on a partly used sheet, then the PDF is made in the browser
 * and downloaded. pdf-lib and bwip-js are fetched at that moment (a chunk of their own), never
 * with the page. While it runs the form is locked and progress is announced; a failure says so
 * and keeps every choice for another try.
 */
export function LabelDialog({ labels, onClose }: { labels: readonly LabelInput[]; onClose: () => void }) {
  addLabelTexts();
  const { t } = useTranslation(NS);
  const [layoutId, setLayoutId] = useState<LayoutId>('a4-3x8');
  const [start, setStart] = useState('1');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(0);
  const [failed, setFailed] = useState(false);
  const layout = LAYOUTS[layoutId];
  const max = labelsPerPage(layout);
  const sheet = max > 1;
  const startNumber = sheet ? Number(start) : 1;
  const startValid = Number.isInteger(startNumber) && startNumber >= 1 && startNumber <= max;
  const [showInvalid, setShowInvalid] = useState(false);
  const uncodable = useMemo(() => withoutBarcode(labels), [labels]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!startValid) {
      setShowInvalid(true);
      return;
    }
    setBusy(true);
    setFailed(false);
    setDone(0);
    try {
      const { labelsPdf } = await import(/* webpackChunkName: "label-pdf" */ './label-pdf');
      const bytes = await labelsPdf(labels, layout, {
        start: startNumber,
        title: t('labelPrint.documentTitle'),
        onProgress: setDone,
      });
      saveFile(new Blob([bytes as BlobPart], { type: 'application/pdf' }), `${t('labelPrint.fileName')}.pdf`);
      onClose();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('labelPrint.title')}
      description={t('labelPrint.count', { count: labels.length })}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <fieldset className="stock-layouts" disabled={busy}>
          <legend>{t('labelPrint.layout')}</legend>
          {LAYOUT_IDS.map((id) => (
            <label key={id} className="stock-check">
              <input
                type="radio"
                name="label-layout"
                value={id}
                checked={id === layoutId}
                onChange={() => setLayoutId(id)}
              />
              {t(`labelPrint.layouts.${id}`)}
            </label>
          ))}
        </fieldset>
        {sheet && (
          <TextField
            label={t('labelPrint.start')}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            value={start}
            disabled={busy}
            onChange={(e) => {
              setStart(e.target.value);
              setShowInvalid(false);
            }}
            hint={t('labelPrint.startHint', { max })}
            error={showInvalid && !startValid ? t('labelPrint.startInvalid', { max }) : undefined}
          />
        )}
        {/* A page count for a start the sheet does not have would be a guess: only the field's error then. */}
        {startValid && <p>{t('labelPrint.pages', { count: pageCount(layout, labels.length, startNumber) })}</p>}
        {uncodable.length > 0 && (
          <Alert kind="info">
            {t('labelPrint.uncodable', { count: uncodable.length, skus: uncodable.join(', ') })}
          </Alert>
        )}
        <p role="status" aria-live="polite">
          {busy ? t('labelPrint.progress', { done, total: labels.length }) : ''}
        </p>
        {failed && <Alert kind="error">{t('labelPrint.failed')}</Alert>}
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose} disabled={busy}>
            {t('form.cancel')}
          </button>
          <button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? t('labelPrint.busy') : t('labelPrint.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
