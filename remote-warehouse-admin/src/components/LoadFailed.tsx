import { Alert } from '@lager/shared';
import { useTranslation } from 'react-i18next';

/** A list that could not be loaded: say so and let the user try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('warehouseAdmin');
  return (
    <>
      <Alert kind="error">{t('errors.listLoadFailed')}</Alert>
      <button type="button" onClick={onRetry}>
        {t('common:buttons.retry')}
      </button>
    </>
  );
}
