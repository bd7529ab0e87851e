import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { type Language, translate } from '../../platform/i18n';
import { stockAccess } from './access';
import { csvResponses, journalCsv, sendCsv } from './csv-export';
import {
  type DecodeProblem,
  decodeCsv,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportError,
  ImportRefused,
  readImportFile,
  runImport,
} from './csv-import';
import { Flag, ImportAnswer, isSet, JournalQuery, responses } from './schemas';

const tags = ['stock'];
const CSV_TYPES = ['text/csv', 'application/csv'];
const isCsv = (type: string | undefined) => CSV_TYPES.includes((type ?? '').split(';')[0]!.trim().toLowerCase());
/** 10 000 rows with long descriptions fit; anything larger is refused with 413 before parsing. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Why an upload's bytes could not be read as text, kept for the handler (after the login checks). */
const undecodable = new WeakMap<FastifyRequest, DecodeProblem>();

/** The import's 422: its errors per line, in the route's own documented shape (not the error shape). */
const refused = (lang: Language, errors: ImportError[]) => ({
  message: translate(lang, 'stock.importInvalid', { count: errors.length }),
  code: 'import.invalid' as const,
  created: 0,
  updated: 0,
  errors,
});

const csvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  // Only this plugin reads CSV bodies (encapsulated: other routes still answer 415 to text/csv).
  // As bytes: the encoding is decided here (BOM, charset, strict UTF-8), not by a lossy default.
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT }, (request, body, done) => {
    const { text, problem } = decodeCsv(body as Buffer, request.headers['content-type']);
    if (problem) undecodable.set(request, problem);
    done(null, text);
  });

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
        response: csvResponses(),
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'movements', journalCsv(db, request.access!.warehouseId, request.query, request.lang)),
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
      const { lang } = request;
      const problem = undecodable.get(request);
      if (problem) {
        const message = translate(lang, problem.key, { field: 'file', ...problem.vars, line: problem.line });
        return reply.code(422).send(refused(lang, [{ line: problem.line, field: 'file', message }]));
      }
      const file = readImportFile(request.body, lang);
      if (!file.complete) return reply.code(422).send(refused(lang, file.errors));
      try {
        const booker = { warehouseId: request.access!.warehouseId, user: request.user!, lang };
        const result = await runImport(db, booker, file, { dryRun: isSet(request.query.dry_run) });
        return { ...result, errors: [] };
      } catch (error) {
        if (error instanceof ImportRefused) return reply.code(422).send(refused(lang, error.errors));
        throw error;
      }
    },
  );
};

export default csvRoutes;
