import type { FastifySchemaValidationError } from 'fastify';
import type { FieldErrors, FieldMessage } from '../errors';
import type { MessageKey } from '../i18n';

type AjvError = FastifySchemaValidationError & { params: Record<string, unknown> };

function fieldOf(error: AjvError): string {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  // A missing field, or one the schema does not know: named by itself, as the client sent it.
  const named = error.params.missingProperty ?? error.params.additionalProperty;
  if (typeof named === 'string') return base ? `${base}.${named}` : named;
  return base || 'body';
}

function keyOf(error: AjvError, field: string): { key: MessageKey; vars?: Record<string, number> } {
  const limit = Number(error.params.limit);
  switch (error.keyword) {
    case 'required':
      return { key: field === 'accept_terms' ? 'validation.accepted' : 'validation.required' };
    case 'minLength':
      return limit <= 1 ? { key: 'validation.required' } : { key: 'validation.min', vars: { min: limit } };
    case 'maxLength':
      return { key: 'validation.max', vars: { max: limit } };
    case 'minItems':
      return limit <= 1 ? { key: 'validation.required' } : { key: 'validation.minItems', vars: { min: limit } };
    case 'format':
    case 'pattern':
      return { key: field.includes('email') ? 'validation.email' : 'validation.invalid' };
    case 'type': {
      const type = String(error.params.type);
      if (type.includes('integer') || type.includes('number')) return { key: 'validation.integer' };
      if (type.includes('boolean')) return { key: 'validation.boolean' };
      if (type.includes('array')) return { key: 'validation.array' };
      if (type.includes('object')) return { key: 'validation.object' };
      return { key: 'validation.string' };
    }
    case 'additionalProperties':
      return { key: 'validation.unknownField' };
    case 'const':
    case 'enum':
      return { key: field === 'accept_terms' ? 'validation.accepted' : 'validation.invalid' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** Turns Ajv's errors into Laravel's `errors: {field: [message]}`, one message per field. */
export function schemaErrorsToFields(errors: FastifySchemaValidationError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const raw of errors as AjvError[]) {
    // anyOf/oneOf repeat what their branches said; the branch errors are more precise.
    if (raw.keyword === 'anyOf' || raw.keyword === 'oneOf') continue;
    const field = fieldOf(raw);
    if (out[field]) continue;
    const { key, vars } = keyOf(raw, field);
    const message: FieldMessage = { key, vars: { field: field.replace(/_/g, ' '), ...vars } };
    out[field] = [message];
  }
  if (Object.keys(out).length === 0) out.body = [{ key: 'validation.invalid', vars: { field: 'body' } }];
  return out;
}
