import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI generated from the route schemas: JSON at /api/docs/json, UI at /api/docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lager API', version: '1.0.0', description: 'Sanctum-style SPA API of Lager.' },
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
