/**
 * Runs the API suite a second time on a real PostgreSQL server when one is configured
 * (`.ci/run` sets LAGER_POSTGRES_TEST_URL after starting Debian's PostgreSQL). The first
 * run, inside `npm run test:unit`, always uses embedded PGlite.
 */
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const url = process.env.LAGER_POSTGRES_TEST_URL;
if (!url) {
  console.log('API suite on PostgreSQL skipped: set LAGER_POSTGRES_TEST_URL (CI does).');
  process.exit(0);
}
const jest = path.join(__dirname, '..', 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(process.execPath, [jest, '--selectProjects', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
