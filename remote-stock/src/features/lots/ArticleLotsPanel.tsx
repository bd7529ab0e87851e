import { Alert, Skeleton } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Article, useListStockArticleLotsQuery } from '../../api/stock-api';
import { NS } from '../../i18n';
import { useFormat } from '../../lib/format';
import { PrintLabelsButton } from '../labels';
import { formatDay } from './LotFields';
import './i18n';

/** The article page's lots (stock-spec-3 §2): each with best-before, stock per location, trace and a label. */
export function ArticleLotsPanel({ article }: { article: Article }) {
  const { t, i18n } = useTranslation(NS);
  const format = useFormat();
  const { data, isLoading, isError } = useListStockArticleLotsQuery(article.id);
  const key = article.tracking === 'serial' ? 'serial' : 'lot';
  return (
    <section aria-labelledby="lots-title">
      <h2 id="lots-title">{t('lots.panelTitle')}</h2>
      {isLoading && <Skeleton rows={2} />}
      {isError && <Alert kind="error">{t('lots.loadFailed')}</Alert>}
      {data && data.lots.length === 0 && <p>{t('lots.panelEmpty')}</p>}
      {data && data.lots.length > 0 && (
        <table className="stock-table">
          <thead>
            <tr>
              <th scope="col">{t(article.tracking === 'serial' ? 'lots.serial' : 'lots.lot')}</th>
              <th scope="col">{t('lots.bestBefore')}</th>
              <th scope="col" className="number">
                {t('lots.quantity')}
              </th>
              <th scope="col">{t('lots.locations')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('lots.trace')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.lots.map((lot) => (
              <tr key={lot.lot}>
                <td>{lot.lot}</td>
                <td>{lot.best_before ? formatDay(lot.best_before, i18n.language) : '–'}</td>
                <td className="number tabular">{format.quantity(lot.quantity, article.unit)}</td>
                <td>
                  {lot.locations
                    .map((place) => `${place.location_code}: ${format.quantity(place.quantity, article.unit)}`)
                    .join(', ')}
                </td>
                <td className="actions">
                  <Link
                    to={`/stock/trace?article_id=${article.id}&${key}=${encodeURIComponent(lot.lot)}`}
                    aria-label={t('lots.traceLabel', { lot: lot.lot })}
                  >
                    {t('lots.trace')}
                  </Link>{' '}
                  <PrintLabelsButton
                    text={t('lots.label')}
                    name={t('lots.labelName', { lot: lot.lot })}
                    labels={[
                      {
                        kind: 'lot',
                        name: article.name,
                        sku: article.sku,
                        barcode: article.barcode,
                        lot: lot.lot,
                        bestBefore: lot.best_before,
                      },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
