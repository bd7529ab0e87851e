import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AppError, notFound, validationError } from '../errors';

/**
 * What reaches the schemas, made strict and predictable:
 *
 * - Ajv runs without type coercion (app.ts), so in a JSON body `true` is not 1, `"0x10"` is not 16
 *   and `["x"]` is not "x". Path and query values are text by nature: a canonical decimal
 *   (`42`, `-1`, `0`) becomes a number where the schema asks for one, anything else stays text and
 *   fails (404 in the path, 422 in the query).
 * - Strings are trimmed as Laravel's TrimStrings middleware does, zero-width spaces included, so a
 *   name of only blanks is empty (422 "required"), never stored as "". Passwords are left alone.
 * - A NUL byte cannot be stored by PostgreSQL: 422 on that field (404 in the path), not a 500.
 */
const BLANK_EDGES = /^[\s\u200B-\u200F\u2060\uFEFF]+|[\s\u200B-\u200F\u2060\uFEFF]+$/g;
const UNTRIMMED = new Set(['password', 'password_confirmation', 'current_password']);
const CANONICAL_INTEGER = /^-?(0|[1-9]\d{0,15})$/;
const CANONICAL_BOOLEAN = /^(true|false)$/;

type Json = unknown;

/** Trims strings (except passwords) in place; returns the path of the first string with a NUL byte. */
function clean(value: Json, path: string[], key?: string): { value: Json; nul: string[] | null } {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return { value, nul: path };
    return { value: key && UNTRIMMED.has(key) ? value : value.replace(BLANK_EDGES, ''), nul: null };
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const result = clean(value[i], [...path, String(i)]);
      if (result.nul) return result;
      value[i] = result.value;
    }
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, Json>;
    for (const name of Object.keys(record)) {
      const result = clean(record[name], [...path, name], name);
      if (result.nul) return result;
      record[name] = result.value;
    }
  }
  return { value, nul: null };
}

interface PropertySchema {
  type?: string | string[];
  anyOf?: PropertySchema[];
}

function wants(schema: PropertySchema | undefined, type: string): boolean {
  if (!schema) return false;
  if (schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type))) return true;
  return !!schema.anyOf?.some((s) => wants(s, type));
}

/** Strict text → number/boolean for the path and query, where every value arrives as text. */
function coerceText(values: unknown, schema: unknown) {
  const properties = (schema as { properties?: Record<string, PropertySchema> } | undefined)?.properties;
  if (!properties || !values || typeof values !== 'object') return;
  const record = values as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) {
    const raw = record[name];
    if (typeof raw !== 'string') continue;
    if ((wants(property, 'integer') || wants(property, 'number')) && CANONICAL_INTEGER.test(raw)) {
      record[name] = Number(raw);
    } else if (wants(property, 'boolean') && CANONICAL_BOOLEAN.test(raw)) record[name] = raw === 'true';
  }
}

const nulError = (path: string[]) => {
  const field = path.join('.') || 'body';
  return validationError({ [field]: [{ key: 'validation.invalid', vars: { field: field.replace(/_/g, ' ') } }] });
};

function guard(request: FastifyRequest): AppError | null {
  const schema = request.routeOptions.schema;
  if (clean(request.params, []).nul) return notFound();
  const query = clean(request.query, []);
  if (query.nul) return nulError(query.nul);
  const body = clean(request.body, []);
  if (body.nul) return nulError(body.nul);
  if (typeof request.body === 'string') request.body = body.value;
  coerceText(request.params, schema?.params);
  coerceText(request.query, schema?.querystring);
  return null;
}

export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const error = guard(request);
      if (error) throw error;
    });
  },
  // After authorization: 401/403 come before anything about the input.
  { name: 'lager-input', dependencies: ['lager-authorization'] },
);
