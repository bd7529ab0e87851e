import type { FastifyPluginAsync } from 'fastify';
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
export const registerRoutes: FastifyPluginAsync = async (app) => {
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
  ]) {
    await app.register(routes);
  }
};
