import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { LIMITS } from '@lager/contract';
import { AppError, fieldError, validationError } from '../../platform/errors';
import { Id, MessageBody, Password, Required, responses, UserBody } from '../../platform/http/schemas';
import { t } from '../../platform/i18n/request';
import { assertPassword } from '../../platform/security/passwords';
import { deleteUserSessions } from '../../platform/tenancy/sessions';
import { userJson } from '../../platform/tenancy/wire';
import {
  countAccountMail,
  emailTaken,
  normalizeEmail,
  sendEmailChangedNotice,
  sendVerificationMail,
  setCurrentWarehouse,
  updateUser,
} from '../auth';
import { deleteUser } from './repository';

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.put(
    '/api/profile/update',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updateProfile',
        tags: ['account'],
        body: Type.Object({
          name: Type.Optional(Type.String({ maxLength: LIMITS.nameMax })),
          email: Type.Optional(
            Type.Union([Type.String({ maxLength: LIMITS.emailMax, format: 'email' }), Type.Literal('')]),
          ),
        }),
        response: responses({ 200: Type.Object({ user: UserBody, message: Type.String() }) }, 401, 419, 422),
      },
    },
    async (request) => {
      const user = request.user!;
      const name = request.body.name?.trim() || undefined;
      const email = request.body.email ? normalizeEmail(request.body.email) : undefined;
      if (!name && !email) throw fieldError('name', 'validation.profileEmpty');
      const emailChanged = !!email && email !== user.email;
      if (emailChanged && (await emailTaken(ctx.db, email, user.id))) {
        throw fieldError('email', 'emailTaken', 'email.taken');
      }
      const updated = await updateUser(ctx.db, user.id, {
        ...(name ? { name } : {}),
        // A new address has to be verified again.
        ...(emailChanged ? { email, emailVerifiedAt: null } : {}),
      });
      if (emailChanged) {
        // Over the account's mail ceiling the change stands without a mail (the resend card says when
        // one may be asked for): changing the address again and again must not mail a list of strangers.
        if ((await countAccountMail(app, 'verify', user.id)).allowed) await sendVerificationMail(app, updated);
        // The form needs no password: tell the old address, so a hijacked session cannot take the account unnoticed.
        await sendEmailChangedNotice(app, user, updated.email);
      }
      return { user: userJson(updated), message: t(request, 'profileUpdated') };
    },
  );

  app.put(
    '/api/profile/password',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'updatePassword',
        tags: ['account'],
        body: Type.Object({ current_password: Required(), password: Password(), password_confirmation: Required() }),
        response: responses({ 200: MessageBody }, 401, 419, 422),
      },
    },
    async (request) => {
      const user = request.user!;
      const { current_password, password, password_confirmation } = request.body;
      if (!(await ctx.passwords.verify(user.password, current_password))) {
        throw validationError(
          { current_password: [{ key: 'currentPasswordIncorrect' }] },
          'password.current_incorrect',
        );
      }
      if (password !== password_confirmation) throw fieldError('password', 'validation.confirmed');
      await updateUser(ctx.db, user.id, { password: await ctx.passwords.hash(password) });
      await deleteUserSessions(ctx.db, user.id, request.session?.id || undefined);
      return { message: t(request, 'passwordUpdated') };
    },
  );

  app.delete(
    '/api/profile/delete',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'deleteAccount',
        tags: ['account'],
        body: Type.Object({ password: Required() }),
        response: responses({ 204: Type.Null() }, 401, 403, 419, 422),
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await assertPassword(ctx.passwords, user, request.body.password);
      await deleteUser(ctx.db, user);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/profile/setwarehouse',
    {
      config: { auth: 'verified' },
      schema: {
        operationId: 'setCurrentWarehouse',
        tags: ['shell'],
        body: Type.Object({ warehouse_id: Id() }),
        response: responses({ 200: Type.Object({ user: UserBody }) }, 401, 403, 419, 422),
      },
    },
    async (request) => {
      const user = request.user!;
      // Only while a member, checked in the same statement: a concurrent removal cannot leave it pointing there.
      const updated = await setCurrentWarehouse(ctx.db, user.id, request.body.warehouse_id);
      if (!updated) throw new AppError(403, 'notAMember', 'warehouse.not_member');
      return { user: userJson(updated) };
    },
  );
};

export default profileRoutes;
