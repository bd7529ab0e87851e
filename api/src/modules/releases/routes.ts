import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../platform/errors';
import { responses } from '../../platform/http/schemas';
import { operatorsOnly } from '../telemetry';
import { ReleasesBody } from './schemas';
import { releases } from './service';

const releasesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/releases',
    {
      preValidation: operatorsOnly,
      schema: {
        operationId: 'getReleases',
        summary:
          'Every section’s stable and canary version, percent and guard plan (rollout.json) and the newest 200 history lines, from the deployment target. Operators only.',
        tags: ['releases'],
        response: responses({ 200: ReleasesBody }, 401, 403),
      },
    },
    async (request) => {
      try {
        return await releases();
      } catch (error) {
        // A target that cannot be read (a bucket away, a broken file) is the deployment's problem, not a 500.
        request.log.error({ err: error }, 'rollout manifest not readable');
        throw new AppError(503, 'serviceUnavailable', 'service.unavailable', { headers: { 'retry-after': '30' } });
      }
    },
  );
};

export default releasesRoutes;
