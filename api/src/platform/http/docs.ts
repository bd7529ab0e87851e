import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** OpenAPI generated from the route schemas: JSON at /api/docs/json, UI at /api/docs. */
async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    // Components are named after the schemas' $id (ErrorBody, User, Role...), not def-0, def-1...
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    openapi: {
      info: { title: 'Lager API', version: '1.0.0', description: 'Sanctum-style SPA API of Lager.' },
      // One tag per route: the web package that calls it (the client generator splits files by tag).
      tags: [
        { name: 'shell', description: 'Called by the shell or by several sections (generated into @lager/shared).' },
        { name: 'account', description: 'Login, registration, password reset, e-mail verification, profile.' },
        { name: 'warehouse-admin', description: 'Own and guest warehouses.' },
        { name: 'user-admin', description: 'Roles, members and invitations.' },
        { name: 'stock', description: 'Stock section.' },
        { name: 'releases', description: 'Releases section (operators): rollout state, section health.' },
        { name: 'system', description: 'Health and CSRF cookie; not generated into the web app.' },
      ],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'lager_session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** Registered before the routes: @fastify/swagger collects them as they are added. */
export const docsPlugin = fp(registerDocs, { name: 'lager-docs' });
