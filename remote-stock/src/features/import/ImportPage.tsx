import { Alert, errorKey, FormFeedback, Page } from '@lager/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_ERRORS,
  type ImportStockArticlesApiResponse,
  useImportStockArticlesMutation,
} from '../../api/stock-api';
import { NS } from '../../i18n';
import './i18n';
import { TableHead } from '../../lib/table';
import { StockNav } from '../nav';

type Answer = ImportStockArticlesApiResponse;
type Step =
  | { kind: 'checked'; answer: Answer }
  | { kind: 'invalid'; answer: Answer }
  | { kind: 'imported'; answer: Answer };

/** The file's text (FileReader: every browser, and the test DOM, has it). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** /stock/import: choose a CSV file, check it (dry run: errors per line, nothing written), then import it. */
export function ImportPage() {
  const { t } = useTranslation(NS);
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [step, setStep] = useState<Step | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [send, { isLoading }] = useImportStockArticlesMutation();

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    try {
      const answer = await send({ body: file.text, dryRun: dryRun ? '1' : undefined }).unwrap();
      // An invalid file answers with its errors per line (and nothing was written).
      if (answer.code === 'import.invalid') setStep({ kind: 'invalid', answer });
      else setStep({ kind: dryRun ? 'checked' : 'imported', answer });
    } catch (error) {
      setFailure(t(errorKey(error, IMPORT_ERRORS)));
    }
  };

  return (
    <Page title={t('import.title')}>
      <StockNav />
      <p>{t('import.intro')}</p>
      <pre className="stock-sample">sku,name,unit,min_stock,barcode,description,quantity</pre>
      <div className="field">
        <label htmlFor={inputId}>{t('import.file')}</label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const chosen = e.target.files?.[0];
            setStep(null);
            setFailure(null);
            setFile(chosen ? { name: chosen.name, text: await readText(chosen) } : null);
          }}
        />
      </div>
      <div className="actions">
        <button type="button" disabled={!file || isLoading} aria-busy={isLoading} onClick={() => void run(true)}>
          {t('import.check')}
        </button>
        {step?.kind === 'checked' && (
          <button type="button" disabled={isLoading} aria-busy={isLoading} onClick={() => void run(false)}>
            {t('import.run')}
          </button>
        )}
      </div>
      <FormFeedback feedback={failure ? { kind: 'error', text: failure } : null} />
      {step?.kind === 'checked' && (
        <Alert kind="info">{t('import.checked', { created: step.answer.created, updated: step.answer.updated })}</Alert>
      )}
      {step?.kind === 'imported' && (
        <Alert kind="success">{t('import.done', { created: step.answer.created, updated: step.answer.updated })}</Alert>
      )}
      {step?.kind === 'invalid' && (
        <>
          <Alert kind="error">{t('import.hasErrors', { count: step.answer.errors.length })}</Alert>
          <table className="stock-table">
            <caption>{t('import.errorsCaption')}</caption>
            <TableHead
              columns={[{ label: t('import.line') }, { label: t('import.field') }, { label: t('import.problem') }]}
            />
            <tbody>
              {step.answer.errors.map((error) => (
                <tr key={`${error.line}-${error.field}`}>
                  <td className="tabular">{error.line}</td>
                  <td>{error.field}</td>
                  {/* The one server text shown: the reason per line and field, translated by the API (no code per line). */}
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Page>
  );
}
