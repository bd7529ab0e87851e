/**
 * Where the bench's PostgreSQL rows run: `LAGER_BENCH_POSTGRES_URL` (or `DATABASE_URL`) when set,
 * else a throwaway cluster of its own when PostgreSQL's server binaries are installed (`pg_ctl` on
 * PATH or under /usr/lib/postgresql/<version>/bin, as Debian puts them): initdb into a temporary
 * directory, listen on a free loopback port, removed again when the bench ends. The rows are thus
 * measured whenever a server can run here, not only when someone remembers the variable.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { log } from './util.mjs';

const configuredUrl = () => process.env.LAGER_BENCH_POSTGRES_URL || process.env.DATABASE_URL || '';

/** The directory holding initdb/pg_ctl, or undefined. */
export function findPostgresBin() {
  const onPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  // A symlinked pg_ctl (e.g. /usr/local/bin → /usr/lib/postgresql/15/bin) names the folder with initdb.
  if (onPath) return path.dirname(fs.realpathSync(onPath));
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : undefined;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** initdb refuses to run as root: run the server's commands as the `postgres` user then. */
function runAs(user, file, args) {
  if (!user) return execFileSync(file, args, { stdio: 'pipe' });
  return execFileSync('runuser', ['-u', user, '--', file, ...args], { stdio: 'pipe' });
}

/**
 * `{ url, source, stop }`: the configured server, a throwaway cluster, or `{ url: '' }` when
 * neither exists (the report then says how to get the rows).
 */
export async function benchPostgres() {
  const url = configuredUrl();
  if (url) return { url, source: 'LAGER_BENCH_POSTGRES_URL', stop: async () => {} };
  const bin = findPostgresBin();
  if (!bin) return { url: '', source: 'none', stop: async () => {} };
  const asUser = process.getuid?.() === 0 ? 'postgres' : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lager-bench-pg-'));
  if (asUser) execFileSync('chown', ['-R', `${asUser}:${asUser}`, dir]);
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    runAs(asUser, path.join(bin, 'initdb'), ['-D', data, '-U', 'lager', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    runAs(asUser, path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -h 127.0.0.1 -c max_connections=200`,
      'start',
    ]);
    runAs(asUser, path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'lager', 'lager_bench']);
  } catch (error) {
    log(`PostgreSQL for the bench could not start (${bin}): ${error.stderr?.toString() ?? error.message}`);
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
      try {
        runAs(asUser, path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // already gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
    return { url: '', source: 'none', stop: async () => {} };
  }
  log(`PostgreSQL: throwaway cluster from ${bin} on 127.0.0.1:${port}`);
  const stop = async () => {
    try {
      runAs(asUser, path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgres://lager@127.0.0.1:${port}/lager_bench`, source: `throwaway cluster (${bin})`, stop };
}
