/** Section health telemetry (guarded-rollout-spec.md §2): anonymous beacons in, per-minute aggregates, operators' summary. */
import type { LagerModule } from '../../platform/module';
import { messages } from './messages';
import routes from './routes';

export const telemetryModule: LagerModule = { name: 'telemetry', routes, messages };

/** Whether a user is an operator (OPERATOR_EMAILS, verified): for `is_operator` wherever a module needs it. */
export { isOperator, purgeTelemetry } from './service';
export { telemetryErrors, telemetryMinutes, telemetryVitals } from './tables';
