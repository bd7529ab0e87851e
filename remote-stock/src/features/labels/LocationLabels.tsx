import { type ComponentProps, lazy, Suspense } from 'react';

const LocationButton = lazy(() =>
  import('./LocationLabelsButton').then((module) => ({ default: module.LocationLabelsButton })),
);

/**
 * The location pages' "Etiketten" (LocationLabelsButton), fetched with the labels' texts when a
 * location page first shows it: through this folder's index, the list page (the section's first
 * load) would otherwise carry those texts.
 */
export function LocationLabels(props: ComponentProps<typeof LocationButton>) {
  return (
    <Suspense fallback={null}>
      <LocationButton {...props} />
    </Suspense>
  );
}
