/** The signed-in user's own account: who am I (`/api/user`, permissions), profile, password, deletion. */
import type { FastifyPluginAsync } from 'fastify';
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import profileRoutes from './routes';
import userRoutes from './routes-user';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(userRoutes);
  await app.register(profileRoutes);
};

export const accountModule: LagerModule = { name: 'account', routes, messages: { de, en } };
