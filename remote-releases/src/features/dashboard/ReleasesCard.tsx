import { Card } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NS } from '../../i18n';

/** The operators' dashboard card (section.json `slots.dashboard`, permission `operator`). */
export default function ReleasesCard() {
  const { t } = useTranslation(NS);
  return (
    <Card title={t('card.title')}>
      <p>{t('card.text')}</p>
      <Link to="/releases">
        {t('card.open')}
        <span className="visually-hidden"> {t('card.title')}</span>
      </Link>
    </Card>
  );
}
