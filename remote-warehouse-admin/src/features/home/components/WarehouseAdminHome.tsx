import { Card, namedRoutes, Page } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** /admin/warehouse (route name warehouseadmin): new, my and guest warehouses. */
export function WarehouseAdminHome() {
  const { t } = useTranslation('warehouseAdmin');
  return (
    <Page title={t('titles.home')}>
      <div className="cards">
        <Card title={t('titles.new')}>
          <p>{t('home.newText')}</p>
          <Link className="button" to={namedRoutes.newwarehouse()}>
            {t('home.newLink')}
          </Link>
        </Card>
        <Card title={t('titles.my')}>
          <p>{t('home.myText')}</p>
          <Link className="button" to={namedRoutes.mywarehouse()}>
            {t('home.myLink')}
          </Link>
        </Card>
        <Card title={t('titles.guest')}>
          <p>{t('home.guestText')}</p>
          <Link className="button" to={namedRoutes.guestwarehouse()}>
            {t('home.guestLink')}
          </Link>
        </Card>
      </div>
    </Page>
  );
}
