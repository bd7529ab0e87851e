import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './stack';

const run = promisify(execFile);

/** A fresh deployment directory (`npm run deploy`'s target) for one test file. */
export function makeDeployDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Runs scripts/<script> (deploy.mjs, rollout.mjs) against the deployment directory, as an operator would. */
export function deployCli(deployDir: string, script: string, ...args: string[]) {
  return run(process.execPath, [path.join(repoRoot, 'scripts', script), ...args, '--target-dir', deployDir], {
    cwd: repoRoot,
  });
}

/**
 * A new section made by `npm run new-section -- <name> --dir …` from today's template, as a section
 * team makes one. It is made inside the repo (e2e/artifacts, which git ignores) so that its imports
 * resolve through the repo's node_modules; returns its folder (remove it with `removeSection`).
 */
export async function newSection(name: string, ...options: string[]): Promise<string> {
  const artifacts = path.join(repoRoot, 'e2e', 'artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  const parent = fs.mkdtempSync(path.join(artifacts, 'section-'));
  await run(process.execPath, [path.join(repoRoot, 'scripts', 'new-section.mjs'), name, ...options, '--dir', parent], {
    cwd: repoRoot,
  });
  return path.join(parent, `remote-${name}`);
}

export function removeSection(dir: string): void {
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
}

/** Every file of the shell build, hashed: a rollout, a new section or a rollback must never need a new one. */
export function hashShellBuild(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(fs.readFileSync(file));
    }
  };
  walk(path.join(repoRoot, 'shell/dist'));
  return hash.digest('hex');
}
