import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import { industries, permissions, usages } from '../db/schema';
import { NamedOption, PermissionBody, responses } from '../schemas/common';

/** Fixed lists. Industries and usages are public: the names are translation keys, nothing private. */
const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const list = Type.Array(NamedOption);

  app.get(
    '/api/industries',
    { schema: { operationId: 'listIndustries', tags: ['shell'], response: { 200: list } } },
    () => db.select({ id: industries.id, name: industries.name }).from(industries).orderBy(asc(industries.id)),
  );

  app.get('/api/usages', { schema: { operationId: 'listUsages', tags: ['shell'], response: { 200: list } } }, () =>
    db.select({ id: usages.id, name: usages.name }).from(usages).orderBy(asc(usages.id)),
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
      const rows = await db.select().from(permissions).orderBy(asc(permissions.id));
      return rows.map((p) => ({
        id: p.id,
        name: p.name,
        description: request.lang === 'en' ? p.descriptionEn : p.descriptionDe,
      }));
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
      await db.select({ id: usages.id }).from(usages).limit(1);
      return { status: 'ok', database: app.ctx.database.kind };
    },
  );
};

export default lookupRoutes;
