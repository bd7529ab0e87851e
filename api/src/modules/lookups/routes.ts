import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { NamedOption, PermissionBody, responses } from '../../platform/http/schemas';
import { permissionJson } from '../../platform/tenancy/wire';
import { listIndustries, listPermissions, listUsages, pingDatabase } from './repository';

/** Fixed lists. Industries and usages are public: the names are translation keys, nothing private. */
const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const list = Type.Array(NamedOption);

  app.get(
    '/api/industries',
    { schema: { operationId: 'listIndustries', tags: ['shell'], response: { 200: list } } },
    () => listIndustries(db),
  );

  app.get('/api/usages', { schema: { operationId: 'listUsages', tags: ['shell'], response: { 200: list } } }, () =>
    listUsages(db),
  );

  app.get(
    '/api/admin/permissions',
    {
      config: { auth: 'verified' },
      schema: {
        operationId: 'listPermissions',
        tags: ['user-admin'],
        response: responses({ 200: Type.Array(PermissionBody) }, 401, 403),
      },
    },
    async (request) => {
      return (await listPermissions(db)).map((p) => permissionJson(p, request.lang));
    },
  );

  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        response: { 200: Type.Object({ status: Type.String(), database: Type.String() }) },
      },
    },
    async () => {
      await pingDatabase(db);
      return { status: 'ok', database: app.ctx.database.kind };
    },
  );
};

export default lookupRoutes;
