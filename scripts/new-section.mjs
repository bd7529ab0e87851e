/**
 * `npm run new-section -- <name>`: a new section from scripts/section-template, ready to build,
 * run alone, test and deploy — without touching the shell. Creates `remote-<name>/` with its
 * section.json (route /<name>, a header link, a dashboard card), adds it to the workspaces and
 * links it (npm install).
 *
 *   --title-de <text>     German name (header link, page title, card); default: the name
 *   --title-en <text>     English name; default: the German one
 *   --permission <name>   gate the route, the header link and the card with this permission
 *                         (`operator`: only operators, GET api/user is_operator)
 *   --access <level>      who may open the page: verified (default, logged in with a verified
 *                         address) or public (anyone, also logged out)
 *   --port <n>            dev server port (default: the next free one after the other remotes)
 *   --dir <folder>        create it in this folder instead, not as a workspace (test fixtures)
 *   --no-install          do not run npm install afterwards
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import federationApps from '../deployment/federation-apps.cjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const templateDir = path.join(import.meta.dirname, 'section-template');
const USAGE =
  'Usage: npm run new-section -- <name> [--title-de <text>] [--title-en <text>] [--permission <name>] [--access verified|public] [--port <n>] [--dir <folder>] [--no-install]';
/** Ports the stack uses for other things (deployment server, API). */
const RESERVED_PORTS = new Set([federationApps.SHELL_PORT, federationApps.DEPLOY_PORT, federationApps.API_PORT]);

function fail(message) {
  console.error(`new-section: ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'title-de': { type: 'string' },
    'title-en': { type: 'string' },
    permission: { type: 'string' },
    access: { type: 'string' },
    port: { type: 'string' },
    dir: { type: 'string' },
    'no-install': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [rawName, ...rest] = positionals;
if (!rawName || rest.length) fail(USAGE);
const name = rawName.replace(/^remote-/, '');
if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(name))
  fail(`"${rawName}" must be lowercase letters, digits and dashes, e.g. stock`);

const remote = `remote-${name}`;
const scope = remote.replace(/-/g, '_');
const component = name
  .split('-')
  .map((part) => part[0].toUpperCase() + part.slice(1))
  .join('');
const titleDe = values['title-de'] ?? component;
const titleEn = values['title-en'] ?? titleDe;

const rootPackagePath = path.join(repoRoot, 'package.json');
const rootPackage = JSON.parse(fs.readFileSync(rootPackagePath, 'utf8'));
const existingRemotes = rootPackage.workspaces.filter((w) => w.startsWith('remote-'));
const asWorkspace = !values.dir;
if (asWorkspace && existingRemotes.includes(remote)) fail(`${remote} is already a workspace`);

/** The next dev port after every remote's (each remote runs on its own port in development). */
function nextPort() {
  const used = existingRemotes.map((r) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(repoRoot, r, 'section.json'), 'utf8')).devPort ?? 0;
    } catch {
      return 0;
    }
  });
  let port = Math.max(federationApps.SHELL_PORT, ...used) + 1;
  while (RESERVED_PORTS.has(port)) port += 1;
  return port;
}
const access = values.access ?? 'verified';
if (!['verified', 'public'].includes(access)) fail(`--access must be verified or public (got ${values.access})`);
if (access === 'public' && values.permission)
  fail('--permission needs --access verified (a permission is checked on a login)');
const port = values.port ? Number(values.port) : nextPort();
if (!Number.isInteger(port) || port < 1024 || port > 65535) fail(`--port must be a port number (got ${values.port})`);

const target = path.join(values.dir ? path.resolve(values.dir) : repoRoot, remote);
if (fs.existsSync(target)) fail(`${target} exists already`);

// Longer tokens first: "Template title" before "Template", "remote-template" before "template".
const replacements = [
  ['Template-Titel', titleDe],
  ['Template title', titleEn],
  ['remote-template', remote],
  ['remote_template', scope],
  ['Template', component],
  ['template', name],
  ['3999', String(port)],
];
const fill = (text) => replacements.reduce((out, [token, value]) => out.split(token).join(value), text);

function copyTemplate(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const destination = path.join(to, fill(entry.name));
    if (entry.isDirectory()) copyTemplate(source, destination);
    else fs.writeFileSync(destination, fill(fs.readFileSync(source, 'utf8')));
  }
}
copyTemplate(templateDir, target);

if (values.permission || access !== 'verified') {
  // One permission gates the page; the header link follows its route, the card gets it too.
  const sectionPath = path.join(target, 'section.json');
  const section = JSON.parse(fs.readFileSync(sectionPath, 'utf8'));
  for (const route of section.routes) {
    route.access = access;
    if (values.permission) route.permission = values.permission;
  }
  if (values.permission) for (const card of section.slots.dashboard) card.permission = values.permission;
  fs.writeFileSync(sectionPath, `${JSON.stringify(section, null, 2)}\n`);
}

if (asWorkspace) {
  // After the last remote, so workspaces stay grouped.
  const lastRemote = rootPackage.workspaces.findLastIndex((w) => w.startsWith('remote-'));
  rootPackage.workspaces.splice(lastRemote + 1, 0, remote);
  fs.writeFileSync(rootPackagePath, `${JSON.stringify(rootPackage, null, 2)}\n`);
  if (!values['no-install']) {
    console.log('Linking the workspace (npm install) …');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) fail('npm install failed; run it yourself to link the new workspace');
  }
}

const relative = path.relative(repoRoot, target);
const fromDir = asWorkspace ? '' : ` --dir ${relative}`;
console.log(`Created ${relative} (container ${scope}, route /${name}, dev port ${port}).`);
console.log(`Next:
  npm run dev -w ${remote}                                  # alone: http://127.0.0.1:${port}/${name}
  npx jest --selectProjects ${remote}                       # its tests
  npm run deploy -- ${remote} --version 1.0.0${fromDir}               # build and publish it
  npm run rollout -- ${remote} 1.0.0 --percent 100          # live at the next page load, no shell release
Describe its routes, header link and dashboard cards in ${relative}/section.json (README "Adding a section").`);
