import { Card, namedRoutes } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from '../../../lib/namespace';
import { REQUIRED } from '../../../lib/permissions';
import { ScreenGate } from '../../../lib/ScreenGate';
import { useSection } from '../../../lib/use-section';

const CARDS = [
  { key: 'inviteUser', text: 'cards.inviteText', to: namedRoutes.inviteuser(), required: REQUIRED.inviteCard },
  { key: 'removeUsers', text: 'cards.removeText', to: namedRoutes.removeuser(), required: REQUIRED.removeCard },
  { key: 'roles', text: 'cards.rolesText', to: namedRoutes.userroles(), required: REQUIRED.rolesCard },
] as const;

/** `/admin/user` (useradmin): one card per area the user may enter. */
export function UserAdminHome() {
  const { t } = useTranslation(NS);
  const { can } = useSection();
  return (
    <ScreenGate title={t('titles.userAdmin')} required={REQUIRED.hub} needsWarehouse={false}>
      {() => (
        <div className="cards">
          {CARDS.filter((card) => can(card.required)).map((card) => (
            <Card key={card.key} title={t(`titles.${card.key}`)}>
              <p>{t(card.text)}</p>
              {/* The name starts with the visible "Öffnen" (WCAG 2.5.3); the card title tells the links apart. */}
              <Link className="button" to={card.to} aria-label={`${t('buttons.open')}: ${t(`titles.${card.key}`)}`}>
                {t('buttons.open')}
              </Link>
            </Card>
          ))}
        </div>
      )}
    </ScreenGate>
  );
}
