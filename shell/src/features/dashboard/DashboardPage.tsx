import { Alert, Card, Loading, namedRoutes, Page, PERMISSION_NAMES, useAuth, useHasAnyPermission } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentWarehouse } from '../warehouses';
import { CurrentWarehouseCard } from './CurrentWarehouseCard';
import { MyWarehousesCard } from './MyWarehousesCard';
import { SectionCards } from './SectionCards';

export function DashboardPage() {
  const { t } = useTranslation('shell');
  const { user } = useAuth();
  const { warehouses, current, currentId, isLoading, isError } = useCurrentWarehouse();
  const mayAdministerUsers = useHasAnyPermission(PERMISSION_NAMES);

  return (
    <Page title={t('dashboard.title')}>
      <p className="lead">{t('dashboard.greeting', { name: user?.name ?? '' })}</p>
      {/* Everything appears in one step once the data is there: nothing below moves (CLS). */}
      {isLoading && <Loading />}
      {isError && <Alert kind="error">{t('errors.warehousesLoadFailed')}</Alert>}
      {!isLoading && !isError && (
        <div className="cards cards-fit">
          <CurrentWarehouseCard current={current} hasAny={warehouses.length > 0} />
          <MyWarehousesCard warehouses={warehouses} currentId={currentId} />
          <SectionCards />
        </div>
      )}
      {!isLoading && (
        <Card title={t('dashboard.linksTitle')}>
          <ul className="link-list">
            <li>
              <Link to={namedRoutes.warehouse()}>{t('nav.warehouse')}</Link>
            </li>
            <li>
              <Link to={namedRoutes.warehouseadmin()}>{t('links.warehouseAdmin')}</Link>
            </li>
            <li>
              <Link to={namedRoutes.newwarehouse()}>{t('links.newWarehouse')}</Link>
            </li>
            {mayAdministerUsers && (
              <li>
                <Link to={namedRoutes.useradmin()}>{t('links.userAdmin')}</Link>
              </li>
            )}
            <li>
              <Link to={namedRoutes.user()}>{t('links.account')}</Link>
            </li>
            <li>
              <Link to={namedRoutes.info()}>{t('nav.info')}</Link>
            </li>
          </ul>
        </Card>
      )}
    </Page>
  );
}
