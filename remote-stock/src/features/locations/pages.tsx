/**
 * The two location pages as StockRoutes loads them (one lazy chunk). `LABELS` is where the labels
 * feature puts its "Etiketten drucken" per location (the location and all below it): a
 * LocationExtra, rendered next to each location's actions on both pages.
 */
import './i18n';
import { LocationLabels } from '../labels';
import { LocationPage } from './LocationPage';
import { type LocationExtra, LocationsPage } from './LocationsPage';

const LABELS: LocationExtra = (location, locations) => <LocationLabels location={location} locations={locations} />;

export const LocationsRoute = () => <LocationsPage extra={LABELS} />;
export const LocationRoute = () => <LocationPage extra={LABELS} />;
