import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { stockAccess } from './access';
import { uniqueToValidation } from './articles';
import { journalCsv } from './csv-export';
import { applyImport, IMPORT_COLUMNS, IMPORT_MAX_ROWS, validateImport } from './csv-import';
import { Flag, ImportAnswer, isSet, JournalQuery, responses } from './schemas';

const tags = ['stock'];
const CSV_TYPES = ['text/csv', 'application/csv'];
const isCsv = (type: string | undefined) => CSV_TYPES.includes((type ?? '').split(';')[0]!.trim().toLowerCase());
/** 10 000 rows with long descriptions fit; anything larger is refused with 413 before parsing. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

const csvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  // Only this plugin reads CSV bodies (encapsulated: other routes still answer 415 to text/csv).
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );

  const { cursor: _cursor, limit: _limit, ...filterProperties } = JournalQuery.properties;
  app.get(
    '/api/stock/movements.csv',
    {
      config: stockAccess(),
      schema: {
        operationId: 'exportStockMovements',
        tags,
        querystring: Type.Object(filterProperties),
        produces: ['text/csv'],
        response: responses(
          { 200: Type.String({ description: 'UTF-8 CSV with BOM; `;`-separated for Accept-Language: de.' }) },
          401,
          403,
          422,
        ),
      },
    },
    async (request, reply) => {
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="movements-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(journalCsv(db, request.access!.warehouseId, request.query, request.lang));
    },
  );

  app.post(
    '/api/stock/import',
    {
      config: stockAccess('manage_articles'),
      bodyLimit: IMPORT_BODY_LIMIT,
      // After the login checks (global hooks run first): a JSON or form body is no CSV file.
      preValidation: async (request) => {
        if (!isCsv(request.headers['content-type'])) {
          throw new AppError(415, 'stock.importNotCsv', 'request.unsupported_media_type');
        }
      },
      schema: {
        operationId: 'importStockArticles',
        tags,
        description: `CSV with the header ${IMPORT_COLUMNS.join(',')} (\`,\` or \`;\`), at most ${IMPORT_MAX_ROWS} rows.`,
        querystring: Type.Object({ dry_run: Flag('Validate only; nothing is written.') }),
        consumes: ['text/csv'],
        body: Type.String({ description: 'The CSV file.' }),
        response: responses({ 200: ImportAnswer, 422: ImportAnswer }, 401, 403, 413, 415, 419),
      },
    },
    async (request, reply) => {
      const warehouseId = request.access!.warehouseId;
      const { rows, existing, errors } = await validateImport(db, warehouseId, request.body, request.lang);
      if (errors.length) {
        return reply.code(422).send({
          message: translate(request.lang, 'stock.importInvalid', { count: errors.length }),
          code: 'import.invalid' as const,
          created: 0,
          updated: 0,
          errors,
        });
      }
      const created = rows.filter((r) => !existing.has(r.sku.toLowerCase())).length;
      if (isSet(request.query.dry_run)) return { created, updated: rows.length - created, errors: [] };
      try {
        const result = await applyImport(db, { warehouseId, user: request.user!, lang: request.lang }, rows, existing);
        return { ...result, errors: [] };
      } catch (error) {
        // Someone created one of the SKUs meanwhile: the same answer as a clash found up front.
        uniqueToValidation(error);
      }
    },
  );
};

export default csvRoutes;
