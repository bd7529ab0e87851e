import { Alert, EmptyState, Loading, namedRoutes, Skeleton, useAuth, useListWarehousesQuery } from '@lager/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSwitchWarehouse } from './use-switch-warehouse';

/** The panel the logo toggles: every warehouse the user may switch to, the current one marked. */
export function WarehouseSwitcher({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const { user } = useAuth();
  const { data, isLoading, isError } = useListWarehousesQuery();
  const { switchTo, busy, failed } = useSwitchWarehouse();
  const currentId = user?.current_warehouse_id ?? null;

  return (
    <section
      id={id}
      className="switcher"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="switcher-head">
        <h2 id={titleId}>{t('switcher.title')}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          {t('common:buttons.close')}
        </button>
      </div>
      {isLoading && <Skeleton rows={2} />}
      {isError && <Alert kind="error">{t('switcher.loadFailed')}</Alert>}
      {data && data.length === 0 && (
        <EmptyState>
          <p>{t('switcher.empty')}</p>
          <Link to={namedRoutes.newwarehouse()} onClick={onClose}>
            {t('links.newWarehouse')}
          </Link>
        </EmptyState>
      )}
      {data && data.length > 0 && (
        <ul className="switcher-list">
          {data.map((w) => {
            const isCurrent = w.id === currentId;
            return (
              <li key={w.id}>
                <button
                  type="button"
                  className={isCurrent ? 'switcher-item current' : 'switcher-item'}
                  aria-current={isCurrent ? 'true' : undefined}
                  disabled={busy}
                  onClick={() => (isCurrent ? onClose() : void switchTo(w.id))}
                >
                  <span>{w.name}</span>
                  {isCurrent && <span className="badge">{t('switcher.current')}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {busy && <Loading label={t('switcher.switching')} />}
      <Alert kind="error">{failed ? t('switcher.switchFailed') : null}</Alert>
    </section>
  );
}
