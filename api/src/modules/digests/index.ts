/** Low-stock digest (stock-spec-2 §4): per-warehouse subscriptions, a job queue in the database, one-click unsubscribe. */
import type { LagerModule } from '../../platform/module';
import { messages } from './messages';
import routes from './routes';

export const digestsModule: LagerModule = { name: 'digests', routes, messages };

export { upsertSubscription as subscribeDigest } from './repository';
/** For the demo data and the tests: one pass of the queue; subscribing. */
export { runDigests } from './service';
