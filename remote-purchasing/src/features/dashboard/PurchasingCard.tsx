import { Card } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from '../../i18n';

/** The section's dashboard card (section.json `slots.dashboard`): where orders and receiving are. */
export default function PurchasingCard() {
  const { t } = useTranslation(NS);
  return (
    <Card title={t('card.title')}>
      <p>{t('card.text')}</p>
      <p className="actions">
        <Link to="/purchasing">
          {t('card.open')}
          <span className="visually-hidden"> {t('card.title')}</span>
        </Link>
        <Link to="/purchasing/receive">{t('card.receive')}</Link>
      </p>
    </Card>
  );
}
