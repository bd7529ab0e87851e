import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { registerTableErrors } from '../platform/db/database-errors';
import { sharedSchemas } from '../platform/http/schemas';
import { registerMessages } from '../platform/i18n';
import type { LagerModule } from '../platform/module';
import { accountModule } from './account';
import { authModule } from './auth';
import { invitationsModule } from './invitations';
import { lookupsModule } from './lookups';
import { membersModule } from './members';
import { releasesModule } from './releases';
import { rolesModule } from './roles';
import { stockModule } from './stock';
import { telemetryModule } from './telemetry';
import { warehousesModule } from './warehouses';

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
  telemetryModule,
  releasesModule,
];

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
