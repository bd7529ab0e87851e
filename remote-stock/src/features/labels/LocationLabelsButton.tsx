import { useTranslation } from 'react-i18next';
import { NS } from '../../i18n';
import { type LocationNode, locationLabels } from './location-labels';
import { PrintLabelsButton } from './PrintLabelsButton';
import { addLabelTexts } from './texts';

/**
 * "Etiketten" for one location on the location pages: its label and those of every location
 * below it. Not for archived locations.
 */
export function LocationLabelsButton({
  location,
  locations,
}: {
  location: LocationNode;
  locations: readonly LocationNode[];
}) {
  addLabelTexts();
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
