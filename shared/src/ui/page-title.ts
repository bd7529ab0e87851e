import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets the browser tab's title to "<page> – Lager" (suffix translated) while the calling
 * screen is shown, and puts the previous title back when it goes. Without a page title the
 * tab shows the app name alone.
 */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation('common');
  const text = title ? t('pageTitle.withPage', { page: title }) : t('pageTitle.app');
  useEffect(() => {
    const previous = document.title;
    document.title = text;
    return () => {
      document.title = previous;
    };
  }, [text]);
}
