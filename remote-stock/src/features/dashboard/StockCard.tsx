import { Card, Skeleton } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetStockSummaryQuery } from '../../api/stock-api';
import { NS } from '../../i18n';

/** The dashboard's low-stock card (section.json `slots.dashboard`, gated by view_stock). */
export default function StockCard() {
  const { t } = useTranslation(NS);
  const { data, isLoading, isError } = useGetStockSummaryQuery();
  return (
    <Card title={t('card.title')}>
      {isLoading && <Skeleton rows={1} label={t('list.loading')} />}
      {isError && <p>{t('errors.loadFailed')}</p>}
      {data && (
        <p>
          {data.articles === 0
            ? t('card.empty')
            : data.low_stock === 0
              ? t('card.noneLow', { articles: data.articles })
              : t('card.low', { count: data.low_stock, articles: data.articles })}
        </p>
      )}
      {/* An empty warehouse has nothing low to show: the link goes to the article list (where articles are made). */}
      <Link to={data?.articles === 0 ? '/stock' : '/stock?low=1'}>
        {t(data?.articles === 0 ? 'card.openEmpty' : 'card.open')}
        <span className="visually-hidden"> {t('card.title')}</span>
      </Link>
    </Card>
  );
}
