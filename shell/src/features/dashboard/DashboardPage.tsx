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
  const quickLinks: [to: string, label: string][] = [
    [namedRoutes.warehouse(), t('nav.warehouse')],
    [namedRoutes.warehouseadmin(), t('links.warehouseAdmin')],
    [namedRoutes.newwarehouse(), t('links.newWarehouse')],
    ...(mayAdministerUsers ? [[namedRoutes.useradmin(), t('links.userAdmin')] as [string, string]] : []),
    [namedRoutes.user(), t('links.account')],
    [namedRoutes.info(), t('nav.info')],
  ];

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
            {quickLinks.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </Page>
  );
}
