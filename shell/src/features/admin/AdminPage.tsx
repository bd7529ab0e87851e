import { Card, namedRoutes, Page, PERMISSION_NAMES, RequirePermission } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Spec §2/§6: the user-administration card needs any one of the six permissions; warehouses are for all. */
export function AdminPage() {
  const { t } = useTranslation('shell');
  return (
    <Page title={t('admin.title')}>
      <div className="cards cards-fit">
        <RequirePermission anyOf={PERMISSION_NAMES} fallback={null}>
          <Card title={t('admin.userAdminTitle')}>
            <p>{t('admin.userAdminText')}</p>
            <Link className="button" to={namedRoutes.useradmin()}>
              {t('admin.open')}
              <span className="visually-hidden"> {t('admin.userAdminTitle')}</span>
            </Link>
          </Card>
        </RequirePermission>
        <Card title={t('admin.warehouseAdminTitle')}>
          <p>{t('admin.warehouseAdminText')}</p>
          <Link className="button" to={namedRoutes.warehouseadmin()}>
            {t('admin.open')}
            <span className="visually-hidden"> {t('admin.warehouseAdminTitle')}</span>
          </Link>
        </Card>
      </div>
    </Page>
  );
}
