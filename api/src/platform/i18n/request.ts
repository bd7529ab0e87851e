import type { FastifyRequest } from 'fastify';
import { type MessageKey, translate, type Vars } from './index';

/** A message in the language of this request. */
export const t = (request: FastifyRequest, key: MessageKey, vars?: Vars) => translate(request.lang, key, vars);
