import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/** The headed paragraphs of an info page, in order: `<page>.<part>Title` over `<page>.<part>`. */
export function InfoSections({
  page,
  parts,
  values,
}: {
  page: 'terms' | 'privacy';
  parts: string[];
  values?: Record<string, string>;
}) {
  const { t } = useTranslation('info');
  return parts.map((part) => (
    <Fragment key={part}>
      <h2>{t(`${page}.${part}Title`)}</h2>
      <p>{t(`${page}.${part}`, values)}</p>
    </Fragment>
  ));
}
