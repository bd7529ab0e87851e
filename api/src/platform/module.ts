import type { FastifyPluginAsync } from 'fastify';
import type { TableErrors } from './db/database-errors';
import type { Catalogue } from './i18n';

/**
 * What a module hands the app (its `index.ts` exports one): its routes, its texts and what its
 * tables' constraint errors mean to a client. app.ts registers every module of src/modules.ts
 * in that order (the order of the OpenAPI document's paths).
 */
export interface LagerModule {
  name: string;
  routes: FastifyPluginAsync;
  messages?: Catalogue;
  tableErrors?: TableErrors;
}
