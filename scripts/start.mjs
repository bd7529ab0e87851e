/**
 * `npm start`: build the shell and every remote, then serve everything with the API on
 * the embedded database (demo data on first start). Prints the URL to open.
 */
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import demo from './demo-logins.cjs';
import guardModule from './rollout-guard.cjs';
import stackModule from './stack.cjs';

const { repoRoot, startNpmStack } = stackModule;

if (!process.argv.includes('--no-build')) {
  console.log('Building the shell and the remotes …');
  execSync('npm run build --silent', { cwd: repoRoot, stdio: 'inherit' });
}

// Versions published with `npm run deploy` and chosen with `npm run rollout`/`promote` (README).
const deployDir = process.env.LAGER_DEPLOY_DIR ?? path.join(repoRoot, '.deploy');
// LAGER_GUARD=1: the rollout guard runs in this process; the API (a child) learns the guard's token.
const guarded = process.env.LAGER_GUARD === '1';
if (guarded) process.env.LAGER_OPERATOR_TOKEN ??= randomBytes(32).toString('base64url');
// Served even before it exists (startNpmStack): a `.deploy/` made after the start is picked up.
const stack = await startNpmStack({ deployDir });
console.log(`
  Lager is running.

  Open:      ${stack.shell.url}
  API:       ${stack.api.url}  (OpenAPI: ${stack.api.url}/api/docs, not in production)
  Remotes:   ${Object.entries(stack.remotes)
    .map(([name, r]) => `${name} ${r.url}`)
    .join(', ')}
  Deployed:  ${stack.deployment.url}/rollout.json (from ${stack.deployment.dir}${fs.existsSync(path.join(deployDir, 'rollout.json')) ? '; npm run rollout:status' : ', none yet: npm run deploy -- <remote> --version <v>, served at the next page load'})
  Demo logins (password ${demo.password}; seeded when the database is empty):
${demo.logins.map((l) => `    ${l.email.padEnd(20)} ${l.role}`).join('\n')}

  Mails:     ${
    process.env.SMTP_URL
      ? `sent through ${new URL(process.env.SMTP_URL).host} (SMTP_URL)`
      : `not sent: each one is a JSON file in ${stack.dataDir}/outbox (to, subject, text, html; the newest sorts last)`
  }

  Stop with Ctrl+C.
`);

const guardStop = new AbortController();
if (guarded) {
  const options = guardModule.guardFromEnv({
    env: { ...process.env, LAGER_API_URL: process.env.LAGER_API_URL ?? stack.api.url, DATA_DIR: stack.dataDir },
  });
  guardModule
    .runGuard({ ...options, signal: guardStop.signal })
    .catch((error) => console.error(`[guard] ${error.message}`));
  console.log('  Guard:     every guarded canary is checked every 30 s (LAGER_GUARD=1; npm run rollout:status)\n');
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    guardStop.abort();
    await stack.stop();
    process.exit(0);
  });
}
