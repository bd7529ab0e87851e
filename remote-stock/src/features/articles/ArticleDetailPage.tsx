import { Alert, ConfirmDialog, errorKey, Page, Skeleton, usePermissions } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  ARCHIVE_ERRORS,
  type Article,
  useArchiveStockArticleMutation,
  useDeleteStockArticleMutation,
  useGetStockArticleQuery,
  useRestoreStockArticleMutation,
} from '../../api/stock-api';
import { NS } from '../../i18n';
import './i18n';
import { useFormat } from '../../lib/format';
import { money } from '../../lib/money';
import { useStockPermissions } from '../../lib/permissions';
import { BookingForm, type BookingKind, TransferForm } from '../booking';
import { StockHistory } from '../history';
import { articleLabel, PrintLabelsButton } from '../labels';
import { ArticleLocationsPanel } from '../locations';
import { ArticleLotsPanel } from '../lots';
import { MovementJournal } from '../movements';
import { StockNav } from '../nav';

type Action = BookingKind | 'transfer';

/** /stock/articles/:id: stock, reorder level, the actions the user may take, the article's journal. */
export function ArticleDetailPage() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const { data, isLoading, isError } = useGetStockArticleQuery(id);
  if (isLoading) {
    return (
      <Page title={t('detail.loading')}>
        <Skeleton rows={6} label={t('detail.loading')} />
      </Page>
    );
  }
  if (isError || !data) {
    return (
      <Page title={t('detail.notFoundTitle')}>
        <Alert kind="error">{t('errors.articleNotFound')}</Alert>
        <Link to="/stock">{t('detail.back')}</Link>
      </Page>
    );
  }
  return <ArticleDetail article={data.article} />;
}

function ArticleDetail({ article }: { article: Article }) {
  const { t, i18n } = useTranslation(NS);
  const format = useFormat();
  const can = useStockPermissions();
  const purchasing = usePermissions().permissions.includes('view_purchasing');
  const [action, setAction] = useState<Action | null>(null);
  const archived = article.archived_at !== null;
  const actions: { kind: Action; show: boolean }[] = [
    { kind: 'in', show: can.book },
    { kind: 'out', show: can.book },
    { kind: 'correction', show: can.count },
    { kind: 'transfer', show: can.transfer && can.book },
  ];
  const shown = actions.filter((a) => a.show && !archived);
  return (
    <Page title={article.name}>
      <StockNav />
      <dl className="facts">
        <dt>{t('fields.sku')}</dt>
        <dd className="tabular">{article.sku}</dd>
        <dt>{t('fields.quantity')}</dt>
        <dd className="tabular">
          <strong data-testid="stock-quantity">{format.quantity(article.quantity, article.unit)}</strong>
          {article.low_stock && <span className="badge stock-low"> {t('list.low')}</span>}
        </dd>
        {/* Only members with view_stock_value receive these (stock-spec-3 §3). */}
        {article.average_cost != null && (
          <>
            <dt>{t('fields.averageCost')}</dt>
            <dd className="tabular">{money(i18n.language, article.average_cost)}</dd>
            <dt>{t('fields.value')}</dt>
            <dd className="tabular" data-testid="stock-value">
              {article.value == null ? '' : money(i18n.language, article.value)}
            </dd>
          </>
        )}
        <dt>{t('fields.minStock')}</dt>
        <dd className="tabular">{format.quantity(article.min_stock, article.unit)}</dd>
        {article.max_stock !== null && (
          <>
            <dt>{t('fields.maxStock')}</dt>
            <dd className="tabular">{format.quantity(article.max_stock, article.unit)}</dd>
          </>
        )}
        {article.barcode && (
          <>
            <dt>{t('fields.barcode')}</dt>
            <dd className="tabular">{article.barcode}</dd>
          </>
        )}
        {article.description && (
          <>
            <dt>{t('fields.description')}</dt>
            <dd>{article.description}</dd>
          </>
        )}
        <dt>{t('detail.updated')}</dt>
        <dd>{format.dateTime(article.updated_at)}</dd>
      </dl>
      {archived && <Alert kind="info">{t('detail.archivedNote')}</Alert>}
      {shown.length > 0 && (
        <fieldset className="stock-actions">
          <legend className="visually-hidden">{t('detail.actions')}</legend>
          {shown.map((a) => (
            <button
              key={a.kind}
              type="button"
              className={action === a.kind ? undefined : 'secondary'}
              aria-pressed={action === a.kind}
              onClick={() => setAction(action === a.kind ? null : a.kind)}
            >
              {t(`actions.${a.kind}`)}
            </button>
          ))}
        </fieldset>
      )}
      {action && action !== 'transfer' && <BookingForm key={action} article={article} kind={action} />}
      {action === 'transfer' && <TransferForm article={article} />}
      {can.manage && <ManageArticle article={article} />}
      <div className="actions">
        <PrintLabelsButton labels={[articleLabel(article)]} />
        {/* Supplier prices live in the purchasing section: a link between routes, no import. */}
        {purchasing && (
          <Link className="button secondary" to={`/purchasing/articles/${article.id}`}>
            {t('detail.suppliers')}
          </Link>
        )}
      </div>
      <StockHistory article={article} />
      <ArticleLocationsPanel article={article} />
      {article.tracking !== 'none' && <ArticleLotsPanel article={article} />}
      <h2>{t('detail.journal')}</h2>
      <MovementJournal filters={{ articleId: article.id }} caption={t('detail.journal')} />
    </Page>
  );
}

/** Edit, archive/restore and delete (only an article without movements; the server says 409 otherwise). */
function ManageArticle({ article }: { article: Article }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [archive, archiving] = useArchiveStockArticleMutation();
  const [restore, restoring] = useRestoreStockArticleMutation();
  const [remove, removing] = useDeleteStockArticleMutation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string>();
  const attempt = async (run: () => Promise<unknown>, after?: () => void) => {
    setError(undefined);
    try {
      await run();
      after?.();
    } catch (failure) {
      setError(t(errorKey(failure, ARCHIVE_ERRORS)));
    }
  };
  const busy = archiving.isLoading || restoring.isLoading || removing.isLoading;
  const archived = Boolean(article.archived_at);
  return (
    <div className="actions">
      <Link className="button secondary" to={`/stock/articles/${article.id}/edit`}>
        {t('detail.edit')}
      </Link>
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={() => void attempt(() => (archived ? restore : archive)(article.id).unwrap())}
      >
        {archived ? t('detail.restore') : t('detail.archive')}
      </button>
      <button type="button" className="danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
        {t('detail.delete')}
      </button>
      {error && !confirmDelete && <Alert kind="error">{error}</Alert>}
      {confirmDelete && (
        <ConfirmDialog
          title={t('detail.deleteTitle')}
          message={t('detail.deleteText', { name: article.name })}
          confirmLabel={t('detail.delete')}
          busy={removing.isLoading}
          error={error}
          onConfirm={() =>
            void attempt(
              () => remove(article.id).unwrap(),
              () => navigate('/stock'),
            )
          }
          onCancel={() => {
            setConfirmDelete(false);
            setError(undefined);
          }}
        />
      )}
    </div>
  );
}
