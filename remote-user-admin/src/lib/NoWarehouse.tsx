import { Alert, WarehouseLinks } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { NS } from './namespace';

/** Admin screens act on the current warehouse; without one the user is sent to pick one. */
export function NoWarehouse() {
  const { t } = useTranslation(NS);
  return (
    <>
      <Alert kind="info">{t('messages.noWarehouse')}</Alert>
      <WarehouseLinks />
    </>
  );
}
