import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { sharedSchemas } from '../schemas/common';
import stockRoutes from '../stock/routes';
import authRoutes from './auth';
import emailVerificationRoutes from './email-verification';
import invitationRoutes from './invitations';
import lookupRoutes from './lookups';
import memberRoutes from './members';
import passwordResetRoutes from './password-reset';
import profileRoutes from './profile';
import roleRoutes from './roles';
import userRoutes from './user';
import warehouseRoutes from './warehouses';

/** One route file per resource. */
const routes: FastifyPluginAsync = async (app) => {
  // Not encapsulated (fastify-plugin), so the OpenAPI document lists these under `components`.
  for (const schema of sharedSchemas()) app.addSchema(schema);
  for (const routes of [
    authRoutes,
    emailVerificationRoutes,
    passwordResetRoutes,
    userRoutes,
    profileRoutes,
    lookupRoutes,
    warehouseRoutes,
    memberRoutes,
    roleRoutes,
    invitationRoutes,
    stockRoutes,
  ]) {
    await app.register(routes);
  }
};

export const registerRoutes = fp(routes, {
  name: 'lager-routes',
  fastify: '5.x',
  dependencies: ['lager-errors', 'lager-session', 'lager-authorization'],
});
