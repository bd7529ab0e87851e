import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

const PARAMS_LINE = /^params: .*$/gm;
const SECRET_KEYS = new Set(['params', 'parameters', 'password', 'token', 'links']);

/**
 * Logged errors without secrets: drizzle puts every query parameter (argon2 hashes, reset tokens,
 * e-mail addresses) into the message, the stack and a `params` property of its DrizzleQueryError.
 * The query text stays; the values go.
 */
export function redactError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  const out = stdSerializers.err(err) as unknown as {
    type: string;
    message: string;
    stack: string;
    [key: string]: unknown;
  };
  for (const key of Object.keys(out)) if (SECRET_KEYS.has(key)) out[key] = '[redacted]';
  // pg attaches the whole client (connection parameters, buffers) to a lost connection's error.
  delete out.client;
  for (const key of ['message', 'stack'] as const) {
    if (typeof out[key] === 'string') out[key] = (out[key] as string).replace(PARAMS_LINE, 'params: [redacted]');
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) out.cause = redactError(cause);
  return out;
}

/** The logger option with the redacting error serializer (and no cookies or XSRF tokens). */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : (logger as Record<string, unknown>);
  return {
    ...base,
    serializers: { ...(base.serializers as object), err: redactError },
    redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
  } as unknown as FastifyServerOptions['logger'];
}
