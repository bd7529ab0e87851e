import { Card, getRuntimeConfig, namedRoutes, Page } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** /info: five cards (about, instructions, contact, terms, privacy). */
export function InfoHome() {
  const { t } = useTranslation('info');
  const { contactEmail } = getRuntimeConfig();
  return (
    <Page title={t('home.title')}>
      <div className="cards">
        <Card title={t('about.title')}>
          <p>{t('home.aboutTeaser')}</p>
          <Link to={namedRoutes.about()}>{t('home.readMore')}</Link>
        </Card>
        <Card title={t('home.instructionsTitle')}>
          <ol>
            <li>{t('home.instructions.register')}</li>
            <li>{t('home.instructions.verify')}</li>
            <li>{t('home.instructions.warehouse')}</li>
            <li>{t('home.instructions.invite')}</li>
          </ol>
        </Card>
        <Card title={t('home.contactTitle')}>
          <p>{t('home.contactText')}</p>
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
        </Card>
        <Card title={t('terms.title')}>
          <p>{t('home.termsTeaser')}</p>
          <Link to={namedRoutes.agb()}>{t('home.readMore')}</Link>
        </Card>
        <Card title={t('privacy.title')}>
          <p>{t('home.privacyTeaser')}</p>
          <Link to={namedRoutes.privacypolicy()}>{t('home.readMore')}</Link>
        </Card>
      </div>
    </Page>
  );
}
