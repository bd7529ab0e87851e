import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { locationLabels } from '.';
import { PrintLabelsButton } from './PrintLabelsButton';
import './texts';

type Node = Parameters<typeof locationLabels>[0][number];

/**
 * "Etiketten" for one location on the location pages: its label and those of every location
 * below it. Not for archived locations. Imported by those pages directly (not through the
 * folder's index), so its texts load with them and not with the list page.
 */
export function LocationLabelsButton({ location, locations }: { location: Node; locations: readonly Node[] }) {
  const { t } = useTranslation(NS);
  if (location.archived_at) return null;
  return (
    <PrintLabelsButton
      labels={locationLabels(locations, location.id)}
      text={t('labelPrint.short')}
      name={t('labelPrint.forLocation', { code: location.code })}
    />
  );
}
