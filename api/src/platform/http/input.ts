import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound, validationError } from '../errors';

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
 * - A JSON body nested deeper than MAX_JSON_DEPTH is refused (400) before it is parsed, and every
 *   walk over a body is iterative: no body can overflow the stack or hold the event loop.
 * - A route that reads a JSON object answers 415 to any other content type (text/plain included).
 */
const BLANK_EDGES = /^[\s\u200B-\u200F\u2060\uFEFF]+|[\s\u200B-\u200F\u2060\uFEFF]+$/g;
/** The trimming every JSON string gets; the CSV import trims its cells the same way. */
export const trimBlank = (text: string) => text.replace(BLANK_EDGES, '');
const UNTRIMMED = new Set(['password', 'password_confirmation', 'current_password']);
const CANONICAL_INTEGER = /^-?(0|[1-9]\d{0,15})$/;
const CANONICAL_BOOLEAN = /^(true|false)$/;

type Json = unknown;

/**
 * How deep a JSON body may nest. The deepest body any form sends is 3 levels (a stocktake's
 * `lines[i].counted`); 32 leaves room and keeps every walk over a body short.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * True when `text` nests arrays/objects deeper than `max`. One pass over the characters, no
 * recursion and no parsing: brackets inside strings (escapes included) do not count.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth -= 1;
  }
  return false;
}

/** A value still to visit: where it sits (to trim it in place) and the way back to the root. */
interface Slot {
  holder: Record<string, Json> | null;
  key: string | null;
  /** An object's own field (its name decides about trimming), not an array item. */
  named: boolean;
  parent: Slot | null;
}

const pathOf = (slot: Slot) => {
  const path: string[] = [];
  for (let at: Slot | null = slot; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
};

/**
 * Trims strings (except passwords) in place; returns the path of the first string with a NUL
 * byte, in document order. Iterative (an explicit stack), so no body can overflow the call
 * stack, and linear in the body's size: a path is only built when a NUL byte is found.
 */
function clean(root: Json): { value: Json; nul: string[] | null } {
  let value = root;
  const stack: Slot[] = [{ holder: null, key: null, named: false, parent: null }];
  while (stack.length) {
    const slot = stack.pop()!;
    const item = slot.holder ? slot.holder[slot.key!] : value;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return { value, nul: pathOf(slot) };
      const trimmed = slot.named && UNTRIMMED.has(slot.key!) ? item : trimBlank(item);
      if (slot.holder) slot.holder[slot.key!] = trimmed;
      else value = trimmed;
    } else if (item && typeof item === 'object') {
      const holder = item as Record<string, Json>;
      const named = !Array.isArray(item);
      const keys = named ? Object.keys(holder) : Array.from({ length: (item as Json[]).length }, (_, i) => String(i));
      for (let i = keys.length - 1; i >= 0; i -= 1) stack.push({ holder, key: keys[i]!, named, parent: slot });
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

/** Whether the route reads a JSON object (its body schema is an object, maybe optional). */
export const takesJsonObject = (schema: unknown) => {
  const body = schema as PropertySchema & { properties?: unknown };
  return !!body && (wants(body, 'object') || !!body.properties);
};

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

function guard(request: FastifyRequest): AppError | null {
  const schema = request.routeOptions.schema;
  // Fastify reads text/plain as a string too; a JSON route answers 415 to it, not "body must be …",
  // unless the route says it takes that type (`consumes`: the telemetry beacon's text/plain).
  const consumes = (schema as { consumes?: string[] } | undefined)?.consumes ?? ['application/json'];
  if (
    request.body !== undefined &&
    takesJsonObject(schema?.body) &&
    !consumes.includes(mediaType(request.headers['content-type']))
  ) {
    return new AppError(415, 'jsonRequired', 'request.unsupported_media_type');
  }
  if (clean(request.params).nul) return notFound();
  const query = clean(request.query);
  if (query.nul) return nulError(query.nul);
  // A route that reads raw text (the CSV import) checks its own body, per line and column.
  if (!wants(schema?.body as PropertySchema | undefined, 'string')) {
    const body = clean(request.body);
    if (body.nul) return nulError(body.nul);
    if (typeof request.body === 'string') request.body = body.value;
  }
  coerceText(request.params, schema?.params);
  coerceText(request.query, schema?.querystring);
  return null;
}

/**
 * The JSON body parser: Fastify's own (same prototype-poisoning rules), behind a depth check that
 * refuses a body nested deeper than MAX_JSON_DEPTH with a fast 400 before anything parses or walks
 * it. 5 000 `[` used to cost ~200 ms of event loop and end in a stack overflow (issue 27).
 */
function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError(400, 'bodyTooDeep', 'request.invalid'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}

export const inputPlugin = fp(
  async (app: FastifyInstance) => {
    registerJsonParser(app);
    app.addHook('preValidation', async (request) => {
      const error = guard(request);
      if (error) throw error;
    });
  },
  // After authorization: 401/403 come before anything about the input.
  { name: 'lager-input', dependencies: ['lager-authorization'] },
);
