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
          <AdminCard title={t('admin.userAdminTitle')} text={t('admin.userAdminText')} to={namedRoutes.useradmin()} />
        </RequirePermission>
        <AdminCard
          title={t('admin.warehouseAdminTitle')}
          text={t('admin.warehouseAdminText')}
          to={namedRoutes.warehouseadmin()}
        />
      </div>
    </Page>
  );
}

/** One section's card; its "Open" link names the section for screen readers. */
function AdminCard({ title, text, to }: { title: string; text: string; to: string }) {
  const { t } = useTranslation('shell');
  return (
    <Card title={title}>
      <p>{text}</p>
      <Link className="button" to={to}>
        {t('admin.open')}
        <span className="visually-hidden"> {title}</span>
      </Link>
    </Card>
  );
}
