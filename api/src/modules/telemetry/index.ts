/** Section health telemetry (guarded-rollout-spec.md §2): anonymous beacons in, per-minute aggregates, operators' summary. */
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import { type DeploymentReader, telemetryRoutes } from './routes';

/** The module, given how to read the deployment's versions (the releases module's `deployedVersions`). */
export const telemetryModule = (readDeployment: DeploymentReader): LagerModule => ({
  name: 'telemetry',
  routes: telemetryRoutes(readDeployment),
  messages: { de, en },
});

/** For the cross-module flood test: the per-client batch limit and the installation's ceiling of new rows. */
export { NEW_ROWS_PER_MINUTE as TELEMETRY_NEW_ROWS_PER_MINUTE } from './repository';
/** Operators only (the Releases module's guard too): the bearer token, else a verified user in OPERATOR_EMAILS. */
export { BATCHES_PER_MINUTE as BEACONS_PER_MINUTE, operatorsOnly } from './routes';
export { isOperator, purgeTelemetry } from './service';
