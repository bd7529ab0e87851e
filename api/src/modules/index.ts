import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { registerTableErrors } from '../platform/db/database-errors';
import { sharedSchemas } from '../platform/http/schemas';
import { registerMessages } from '../platform/i18n';
import type { LagerModule } from '../platform/module';
import { accountModule } from './account';
import type account from './account/locales/en.json';
import { authModule } from './auth';
import type auth from './auth/locales/en.json';
import { digestsModule } from './digests';
import type digests from './digests/locales/en.json';
import { invitationsModule } from './invitations';
import type invitations from './invitations/locales/en.json';
import { locationsModule } from './locations';
import type locations from './locations/locales/en.json';
import { lookupsModule } from './lookups';
import { membersModule } from './members';
import type members from './members/locales/en.json';
import { purchasingModule } from './purchasing';
import type purchasing from './purchasing/locales/en.json';
import { deployedVersions, releasesModule } from './releases';
import { rolesModule } from './roles';
import type roles from './roles/locales/en.json';
import { stockModule } from './stock';
import type stock from './stock/locales/en.json';
import { telemetryModule } from './telemetry';
import type telemetry from './telemetry/locales/en.json';
import { warehousesModule } from './warehouses';
import type warehouses from './warehouses/locales/en.json';

/**
 * Every module of the API, in the order their routes are registered (and listed in the OpenAPI
 * document). A new module is one line here; see api/README.md "Where things go".
 */
const MODULES: readonly LagerModule[] = [
  authModule,
  accountModule,
  lookupsModule,
  warehousesModule,
  membersModule,
  rolesModule,
  invitationsModule,
  stockModule,
  telemetryModule(() => deployedVersions()),
  releasesModule,
  locationsModule,
  digestsModule,
  purchasingModule,
];

/**
 * The keys of the modules' catalogues (`<module>/locales/{de,en}.json`, the same keys in both:
 * registerMessages refuses a catalogue whose languages differ), typed in this one place, so that
 * `AppError` and `t()` accept a module's keys and no key that no catalogue defines.
 */
type CatalogueKeys = keyof (typeof account &
  typeof auth &
  typeof digests &
  typeof invitations &
  typeof locations &
  typeof members &
  typeof purchasing &
  typeof roles &
  typeof stock &
  typeof telemetry &
  typeof warehouses);
declare module '../platform/i18n' {
  interface ModuleMessages extends Record<CatalogueKeys, string> {}
}

for (const module of MODULES) {
  if (module.messages) registerMessages(module.messages);
  if (module.tableErrors) registerTableErrors(module.tableErrors);
}

const routes: FastifyPluginAsync = async (app) => {
  // Not encapsulated (fastify-plugin), so the OpenAPI document lists these under `components`.
  for (const schema of sharedSchemas()) app.addSchema(schema);
  for (const module of MODULES) await app.register(module.routes);
};

export const registerModules = fp(routes, {
  name: 'lager-routes',
  fastify: '5.x',
  dependencies: ['lager-errors', 'lager-session', 'lager-authorization'],
});
