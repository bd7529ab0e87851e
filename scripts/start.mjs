/**
 * `npm start`: build the shell and every remote, then serve everything with the API on
 * the embedded database (demo data on first start). Prints the URL to open.
 */
import { execSync } from 'node:child_process';
import stackModule from './stack.cjs';

const { repoRoot, startStack } = stackModule;

if (!process.argv.includes('--no-build')) {
  console.log('Building the shell and the remotes …');
  execSync('npm run build --silent', { cwd: repoRoot, stdio: 'inherit' });
}

const stack = await startStack({ seedDemo: true });
console.log(`
  Lager is running.

  Open:      ${stack.shell.url}
  API:       ${stack.api.url}  (OpenAPI: ${stack.api.url}/api/docs)
  Remotes:   ${Object.entries(stack.remotes)
    .map(([name, r]) => `${name} ${r.url}`)
    .join(', ')}
  Mails:     written to ${stack.dataDir}/outbox (no SMTP_URL set)

  Stop with Ctrl+C.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  });
}
