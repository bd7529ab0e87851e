import { Card } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from '../../i18n';

/** The section's dashboard card (section.json `slots.dashboard`); the shell renders it in its card grid. */
export default function PurchasingCard() {
  const { t } = useTranslation(NS);
  return (
    <Card title={t('card.title')}>
      <p>{t('card.text')}</p>
      <Link to="/purchasing">
        {t('card.open')}
        <span className="visually-hidden"> {t('card.title')}</span>
      </Link>
    </Card>
  );
}
