import type { ErrorCode } from '@lager/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { mapDatabaseError } from '../db/database-errors';
import { AppError, type FieldErrors, validationError } from '../errors';
import { type Language, type MessageKey, translate } from '../i18n';
import { takesJsonObject } from './input';
import { schemaErrorsToFields } from './schema-errors';

function translateFields(lang: Language, errors: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [field, list.map((m) => translate(lang, m.key, m.vars))]),
  );
}

/**
 * Error bodies are written with JSON.stringify, not with the route's response schema for the
 * status: where a route documents another shape for it (the import's 422 lists errors per line),
 * a refusal must still leave as itself, never as FST_ERR_FAILED_ERROR_SERIALIZATION 500.
 */
const sendError = (reply: FastifyReply, status: number, body: object) =>
  reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);

function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const lang = request.lang;
  let message = translate(lang, error.key, error.options.vars);
  const body: { message: string; code: ErrorCode; errors?: Record<string, string[]> } = { message, code: error.code };
  if (error.options.errors) {
    body.errors = translateFields(lang, error.options.errors);
    const count = Object.values(body.errors).flat().length;
    if (count > 1) message = translate(lang, 'validation.summary', { first: message, count: count - 1 });
    body.message = message;
  }
  for (const [name, value] of Object.entries(error.options.headers ?? {})) reply.header(name, value);
  return sendError(reply, error.statusCode, body);
}

const FRAMEWORK_MESSAGES: Record<number, [MessageKey, ErrorCode]> = {
  400: ['badRequest', 'request.invalid'],
  404: ['notFound', 'not_found'],
  413: ['payloadTooLarge', 'request.too_large'],
  415: ['unsupportedMediaType', 'request.unsupported_media_type'],
  429: ['throttled', 'throttle'],
};

/** One error handler: every failure leaves as `{message, code, errors?}`; 5xx never show internals. */
function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);
    // Unique/foreign-key races, values PostgreSQL refuses, an unreachable database: 422/404/503, never 500.
    const fromDatabase = mapDatabaseError(error);
    if (fromDatabase) return sendAppError(request, reply, fromDatabase);
    if (error.validation) {
      // A malformed path parameter means no such resource, as with Laravel's route binding.
      if (error.validationContext === 'params')
        return sendAppError(request, reply, new AppError(404, 'notFound', 'not_found'));
      return sendAppError(request, reply, validationError(schemaErrorsToFields(error.validation)));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, status, { message: translate(request.lang, 'serverError'), code: 'server_error' });
    }
    let [key, code] = FRAMEWORK_MESSAGES[status] ?? ['badRequest', 'request.invalid'];
    // A content type nobody parses, on a route that reads JSON: say what to send.
    if (status === 415 && takesJsonObject(request.routeOptions.schema?.body)) key = 'jsonRequired';
    return sendError(reply, status, { message: translate(request.lang, key), code });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: translate(request.lang, 'notFound'), code: 'not_found' }),
  );
}

export const errorsPlugin = fp(async (app: FastifyInstance) => registerErrorHandler(app), { name: 'lager-errors' });
