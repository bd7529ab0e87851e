/**
 * Operator configuration (guarded-rollout spec §2): OPERATOR_EMAILS and LAGER_OPERATOR_TOKEN as the
 * API reads them from the environment. The operator rules themselves are tested in
 * src/modules/telemetry/telemetry-api.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, configFromEnv } from '../src/config';

it('configuration: LAGER_OPERATOR_TOKEN needs 32 characters, OPERATOR_EMAILS e-mail addresses', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lager-telemetry-config-'));
  expect(() => configFromEnv({ DATA_DIR: dataDir, LAGER_OPERATOR_TOKEN: 'x'.repeat(31) })).toThrow(ConfigError);
  expect(() => configFromEnv({ DATA_DIR: dataDir, OPERATOR_EMAILS: 'ops' })).toThrow(/OPERATOR_EMAILS/);
  const config = configFromEnv({
    DATA_DIR: dataDir,
    LAGER_OPERATOR_TOKEN: 'x'.repeat(32),
    OPERATOR_EMAILS: 'Ops@Lager.example, lead@lager.example',
  });
  expect(config.operatorToken).toBe('x'.repeat(32));
  expect(config.operatorEmails).toEqual(['ops@lager.example', 'lead@lager.example']);
});

it('configuration: TELEMETRY_BATCHES_PER_MINUTE is a whole number and changes only the beacon limit; unset keeps 120', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lager-telemetry-config-'));
  expect(configFromEnv({ DATA_DIR: dataDir }).rateLimits).toBeUndefined();
  expect(() => configFromEnv({ DATA_DIR: dataDir, TELEMETRY_BATCHES_PER_MINUTE: '0' })).toThrow(
    /TELEMETRY_BATCHES_PER_MINUTE/,
  );
  expect(() => configFromEnv({ DATA_DIR: dataDir, TELEMETRY_BATCHES_PER_MINUTE: 'many' })).toThrow(ConfigError);
  expect(configFromEnv({ DATA_DIR: dataDir, TELEMETRY_BATCHES_PER_MINUTE: '5000' }).rateLimits).toEqual({
    telemetryBatches: { max: 5000, windowMs: 60_000 },
  });
});
