import { Alert, Card, Loading, namedRoutes, Page, WarehouseLinks } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WarehouseFacts } from '../dashboard';
import { useCurrentWarehouse } from '../warehouses';
import { MembersCard } from './MembersCard';

export function WarehousePage() {
  const { t } = useTranslation('shell');
  const { current, isLoading, isError } = useCurrentWarehouse();

  return (
    <Page title={current ? t('warehouse.titleWithName', { name: current.name }) : t('warehouse.title')}>
      {isLoading && <Loading />}
      {isError && <Alert kind="error">{t('errors.warehousesLoadFailed')}</Alert>}
      {!isLoading && !isError && !current && (
        <Card title={t('warehouse.noneSelectedTitle')}>
          <p>{t('warehouse.noneSelected')}</p>
          <WarehouseLinks>
            <Link className="button secondary" to={namedRoutes.newwarehouse()}>
              {t('links.newWarehouse')}
            </Link>
          </WarehouseLinks>
        </Card>
      )}
      {current && (
        <>
          <Card title={t('warehouse.detailsTitle')}>
            <WarehouseFacts warehouse={current} />
          </Card>
          <MembersCard warehouseId={current.id} />
        </>
      )}
    </Page>
  );
}
