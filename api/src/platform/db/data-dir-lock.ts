import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { PRIVATE_FILE_MODE } from '../fs/private-dir';

/** Another live process holds the data directory: starting a second one would lose writes. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`DATA_DIR: ${dataDir} is in use by process ${pid}; stop it first (one API process per PGlite directory)`);
    this.name = 'DataDirLockedError';
  }
}

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/**
 * Takes `<dataDir>.lock` for this process (PGlite is single-process: a second writer on the same
 * files silently loses acknowledged writes). The lock names its owner's pid; a lock whose process
 * is gone (kill -9, power loss) is stale and taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => Promise<void> {
  const file = `${dataDir}.lock`;
  const mine: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const temp = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(temp, `${JSON.stringify(mine)}\n`, { mode: PRIVATE_FILE_MODE });
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        // link() fails when the lock exists: creating it is atomic, unlike check-then-write.
        linkSync(temp, file);
        let released = false;
        return async () => {
          if (released) return;
          released = true;
          if (readOwner(file)?.pid === process.pid) unlinkSync(file);
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(file);
      // The lock is linked complete, so an unreadable one was damaged by hand: stale like a dead owner.
      const stale = owner === null || (owner.host === mine.host && !isAlive(owner.pid));
      if (owner && !stale) throw new DataDirLockedError(dataDir, owner.pid);
      try {
        // Rename (not unlink) so that of two processes taking over one stale lock only one succeeds.
        renameSync(file, `${file}.stale-${process.pid}`);
        unlinkSync(`${file}.stale-${process.pid}`);
      } catch {
        // someone else took it over first; the next attempt sees their lock
      }
    }
    const owner = readOwner(file);
    throw new DataDirLockedError(dataDir, owner?.pid ?? 0);
  } finally {
    unlinkSync(temp);
  }
}
