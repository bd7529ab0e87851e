/**
 * Jest globalSetup of the browser journeys: one migrated PGlite data directory per run, which
 * startTestStack copies into each stack's DATA_DIR. A new data directory costs every API start
 * initdb and the migrations (≈ 4 s of CPU); a copy costs a few milliseconds. Made afresh on every
 * run with the API's own openDatabase, so it holds exactly this checkout's migrations.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Read by startTestStack (stack.ts); the test files run in Jest's process (one worker). */
export const TEMPLATE_ENV = 'LAGER_E2E_PGLITE_TEMPLATE';

export default function makePgliteTemplate(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-e2e-template-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const apiDir = path.join(__dirname, '..', '..', 'api');
  const template = path.join(dir, 'pglite');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/migrated-data-dir.ts', template], {
    cwd: apiDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env[TEMPLATE_ENV] = template;
}
