/** Low-stock digest (stock-spec-2 §4): per-warehouse subscriptions, a job queue in the database, one-click unsubscribe. */
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import routes from './routes';

export const digestsModule: LagerModule = { name: 'digests', routes, messages: { de, en } };

/** For the demo data: subscribing. */
export { upsertSubscription as subscribeDigest } from './repository';
