import { Alert, errorMessage, SelectField } from '@lager/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Article } from '../../api/stock-api';
import { useFormat } from '../../lib/format';
import { useStockPermissions } from '../../lib/permissions';
import {
  LOCATION_ERRORS,
  useGetStockArticleLocationsQuery,
  useListStockLocationsQuery,
  useSetStockArticleDefaultLocationMutation,
} from './api';
import { NS } from './i18n';
import { RelocateForm } from './RelocateForm';
import { treeOptions } from './tree';

/**
 * The article page's stock per location (stock-spec-2.md §1), its default location (where
 * bookings that name none go) and relocating between locations.
 */
export function ArticleLocationsPanel({ article }: { article: Article }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const can = useStockPermissions();
  const { data } = useGetStockArticleLocationsQuery(article.id);
  const all = useListStockLocationsQuery(undefined);
  const [setDefault, saving] = useSetStockArticleDefaultLocationMutation();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const changeDefault = async (value: string) => {
    setMessage(undefined);
    try {
      await setDefault({ id: article.id, body: { location_id: value ? Number(value) : null } }).unwrap();
      setMessage({ kind: 'success', text: t('locations.defaultSaved') });
    } catch (failure) {
      const { key, values } = errorMessage(failure, LOCATION_ERRORS);
      setMessage({ kind: 'error', text: t(key, values) });
    }
  };
  return (
    <section aria-labelledby="article-locations-title" className="stock-article-locations">
      <h2 id="article-locations-title">{t('locations.perLocation')}</h2>
      {data && data.locations.length === 0 && <p>{t('locations.perLocationEmpty')}</p>}
      {data && data.locations.length > 0 && (
        <ul className="stock-location-list">
          {data.locations.map((place) => (
            <li key={place.location_id}>
              <Link to={`/stock/locations/${place.location_id}`}>{place.code}</Link>
              {place.name ? ` ${place.name}` : ''}: {format.quantity(place.quantity, article.unit)}
            </li>
          ))}
        </ul>
      )}
      {data && (
        <SelectField
          label={t('locations.defaultLocation')}
          placeholder={t('locations.defaultNone')}
          // The code as it is written (the tree's indentation would show in the closed select).
          options={treeOptions(all.data?.locations ?? []).map((o) => ({ ...o, label: o.label.trimStart() }))}
          value={data.default_location_id ? String(data.default_location_id) : ''}
          disabled={!can.manage || saving.isLoading || !!article.archived_at}
          onChange={(event) => void changeDefault(event.target.value)}
        />
      )}
      {message && <Alert kind={message.kind}>{message.text}</Alert>}
      {can.book && !article.archived_at && data && data.locations.length > 0 && (
        <RelocateForm
          article={article.id}
          sources={data.locations.map((place) => ({
            value: String(place.location_id),
            label: `${place.code} (${format.quantity(place.quantity, article.unit)})`,
          }))}
        />
      )}
    </section>
  );
}
