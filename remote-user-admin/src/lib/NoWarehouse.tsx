import { Alert, namedRoutes } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from './namespace';

/** Admin screens act on the current warehouse; without one the user is sent to pick one. */
export function NoWarehouse() {
  const { t } = useTranslation(NS);
  return (
    <>
      <Alert kind="info">{t('messages.noWarehouse')}</Alert>
      <div className="actions">
        <Link className="button" to={namedRoutes.mywarehouse()}>
          {t('buttons.myWarehouses')}
        </Link>
        <Link className="button secondary" to={namedRoutes.guestwarehouse()}>
          {t('buttons.guestWarehouses')}
        </Link>
      </div>
    </>
  );
}
