import { Alert, Card, EmptyState, type MyWarehouse, namedRoutes } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSwitchWarehouse } from '../warehouse-switcher';
import { RoleLabel } from '../warehouses';

/** Every warehouse the user belongs to (GET api/mywarehouses) with their role; any can be made current. */
export function MyWarehousesCard({ warehouses, currentId }: { warehouses: MyWarehouse[]; currentId: number | null }) {
  const { t } = useTranslation('shell');
  const { switchTo, busy, failed } = useSwitchWarehouse();
  return (
    <Card title={t('dashboard.myWarehousesTitle')}>
      {warehouses.length === 0 ? (
        <EmptyState>
          <p>{t('dashboard.emptyList')}</p>
          <Link className="button" to={namedRoutes.newwarehouse()}>
            {t('links.newWarehouse')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="row-list warehouse-list">
          {warehouses.map((w) => (
            <li key={w.id} aria-current={w.id === currentId ? 'true' : undefined}>
              <span className="warehouse-name">{w.name}</span>
              <span className="warehouse-meta">
                <RoleLabel role={w.user_role} />
                {w.id === currentId ? (
                  <span className="badge badge-current">{t('switcher.current')}</span>
                ) : (
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy}
                    aria-label={t('dashboard.switchTo', { name: w.name })}
                    onClick={() => void switchTo(w.id)}
                  >
                    {t('buttons.select')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Alert kind="error">{failed ? t('switcher.switchFailed') : null}</Alert>
    </Card>
  );
}
