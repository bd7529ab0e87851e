/**
 * Accounts and sign-in: registration, login/logout, the anti-forgery cookie, e-mail verification
 * and password reset. Others use its user lookups and mails.
 */
import type { FastifyPluginAsync } from 'fastify';
import { fieldError } from '../../platform/errors';
import type { LagerModule } from '../../platform/module';
import de from './locales/de.json';
import en from './locales/en.json';
import authRoutes from './routes';
import passwordResetRoutes from './routes-password-reset';
import emailVerificationRoutes from './routes-verification';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(passwordResetRoutes);
};

// Someone registered the address between the route's check and the insert.
const addressTaken = (columns: string[]) =>
  columns.includes('email') ? fieldError('email', 'emailTaken', 'email.taken') : null;
const tableErrors = { users: { unique: addressTaken } };

export const authModule: LagerModule = { name: 'auth', routes, messages: { de, en }, tableErrors };

export { countAccountMail, sendEmailChangedNotice, sendVerificationMail } from './mail';
export {
  countUsers,
  emailTaken,
  findUserByEmail,
  normalizeEmail,
  setCurrentWarehouse,
  type User,
  updateUser,
} from './repository';
export { seedDemoUsers } from './seed';
export { passwordResetTokens } from './tables';
