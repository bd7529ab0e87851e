import { currentLanguage, isLanguage, LANGUAGES, switchLanguage } from '@lager/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation('shell');
  const id = useId();
  return (
    <footer className="app-footer">
      <label htmlFor={id}>{t('footer.language')}</label>{' '}
      <select
        id={id}
        value={currentLanguage()}
        onChange={(e) => {
          if (isLanguage(e.target.value)) switchLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`footer.languages.${lng}`)}
          </option>
        ))}
      </select>
    </footer>
  );
}
