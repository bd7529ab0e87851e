import { accessSync, chmodSync, constants, mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Owner-only permissions for everything the API keeps on disk (database files, keys, mails with links). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (mode 0700, one level at a time) and proves it is writable with a probe file.
 * Returns why not, or null. Node's recursive mkdir spins forever on paths such as /proc/x,
 * so levels are created one by one and each failure is reported at once.
 */
export function ensurePrivateDir(dir: string): string | null {
  const target = resolve(dir);
  const missing: string[] = [];
  let current = target;
  for (;;) {
    try {
      if (!statSync(current).isDirectory()) return `${current} is not a directory`;
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return (err as Error).message;
      const parent = dirname(current);
      if (parent === current) return `${current} does not exist`;
      missing.unshift(current);
      current = parent;
    }
  }
  try {
    for (const level of missing) mkdirSync(level, { mode: PRIVATE_DIR_MODE });
    accessSync(target, constants.W_OK);
    const probe = resolve(target, `.write-test-${process.pid}`);
    writeFileSync(probe, '', { flag: 'wx', mode: PRIVATE_FILE_MODE });
    unlinkSync(probe);
    if (missing.length) chmodSync(target, PRIVATE_DIR_MODE);
    return null;
  } catch (err) {
    const { code, message } = err as NodeJS.ErrnoException;
    return code ? `${code}: ${message.replace(/^\w+: /, '')}` : message;
  }
}
