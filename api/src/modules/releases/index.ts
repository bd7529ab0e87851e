/**
 * The rollout state for the Releases section (guarded-rollout spec §4): the rollout manifest and its
 * history, read through the same deployment target as the `rollout` CLI. Operators only.
 */
import type { LagerModule } from '../../platform/module';
import routes from './routes';

export const releasesModule: LagerModule = { name: 'releases', routes };

/** The versions the deployment names per remote (null: no deployment), for the telemetry module's intake. */
export { deployedVersions } from './service';
