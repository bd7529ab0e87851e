import { Card, type MyWarehouse, namedRoutes } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { IndustryName, RoleLabel, UsageName } from '../warehouses';

/** Name, industry, usage and the user's role in the current warehouse (or what to do without one). */
export function CurrentWarehouseCard({ current, hasAny }: { current: MyWarehouse | undefined; hasAny: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <Card title={t('dashboard.currentTitle')}>
      {current ? (
        <>
          <WarehouseFacts warehouse={current} />
          <div className="actions">
            <Link className="button secondary" to={namedRoutes.warehouse()}>
              {t('links.warehouseDetails')}
            </Link>
          </div>
        </>
      ) : (
        <p>{hasAny ? t('dashboard.noCurrent') : t('dashboard.noWarehouses')}</p>
      )}
    </Card>
  );
}

export function WarehouseFacts({ warehouse }: { warehouse: MyWarehouse }) {
  const { t } = useTranslation('shell');
  return (
    <dl className="facts">
      <dt>{t('labels.name')}</dt>
      <dd>{warehouse.name}</dd>
      <dt>{t('labels.industry')}</dt>
      <dd>
        <IndustryName id={warehouse.industry_id} />
      </dd>
      <dt>{t('labels.usage')}</dt>
      <dd>
        <UsageName id={warehouse.usage_id} />
      </dd>
      <dt>{t('labels.yourRole')}</dt>
      <dd>
        <RoleLabel role={warehouse.user_role} />
      </dd>
    </dl>
  );
}
