import { type Static, Type } from '@fastify/type-provider-typebox';

const Guard = Type.Object({
  step: Type.Integer({ minimum: 0, description: 'Index into `steps` of the step running now.' }),
  steps: Type.Array(Type.Number(), { description: 'Percent of users per step.' }),
  window_ms: Type.Integer({ minimum: 0 }),
  min_pages: Type.Integer({ minimum: 0 }),
  started_at: Type.String({ format: 'date-time' }),
  step_started_at: Type.String({ format: 'date-time' }),
});

export const ReleasesBody = Type.Object(
  {
    remotes: Type.Array(
      Type.Object({
        remote: Type.String(),
        stable: Type.Union([Type.Object({ version: Type.String() }), Type.Null()]),
        canary: Type.Union([
          Type.Object({
            version: Type.String(),
            percent: Type.Number(),
            guard: Type.Union([Guard, Type.Null()]),
          }),
          Type.Null(),
        ]),
        pinned: Type.Array(Type.String(), { description: 'Versions kept for rollback, newest last.' }),
        updated_at: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
    history: Type.Array(
      Type.Object({
        at: Type.String(),
        remote: Type.String(),
        action: Type.String({
          description: 'auto-rollback, guard-advance, auto-promote, guard-wait, rollout, promote, rollback, …',
        }),
        version: Type.Optional(Type.String()),
        percent: Type.Optional(Type.Number()),
        stopped: Type.Optional(Type.String({ description: 'The canary a rollback stopped.' })),
        reason: Type.Optional(Type.String()),
        actor: Type.Optional(Type.String()),
        guard_ended: Type.Optional(Type.String({ description: 'A manual command ended the guard of this canary.' })),
      }),
      { description: 'Newest first, at most 200 lines.' },
    ),
  },
  { title: 'Releases' },
);
export type ReleasesBodyType = Static<typeof ReleasesBody>;
