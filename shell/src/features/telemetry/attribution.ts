/** Which section version an error or a measurement belongs to. */

import { version as shellVersion } from '../../../package.json';
import { getSectionVersion } from '../remotes';
import { matchRoute } from '../routing';
import type { Target } from './collector';

export const SHELL: Target = { remote: 'shell', version: shellVersion, channel: 'stable' };

/** A remote's version on this page, or the shell's own code. */
export function targetOf(remote: string | undefined): Target | undefined {
  return !remote || remote === 'shell' ? SHELL : getSectionVersion(remote);
}

/** The section that owns the current route (api errors and vitals count for it). */
export function routeTarget(): Target | undefined {
  return targetOf(matchRoute(window.location.pathname)?.owner);
}

/** A stack frame's script: `at f (https://h/remote-info/2.0.0/static/js/1.js:1:20)` or `f@https://…:1:20`. */
const FRAME = /(https?:\/\/[^\s()@]+?):\d+:\d+/;

/** The script of the error's first frame (ErrorEvent.filename when the browser gives one). */
export function scriptOf(error: unknown, filename?: string): string | undefined {
  const stack = (error as { stack?: unknown } | null)?.stack;
  const url = filename || (typeof stack === 'string' ? FRAME.exec(stack)?.[1] : undefined);
  if (!url) return undefined;
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/** The loaded version whose folder (`/<remote>/<version>/`) holds the script; else the shell. */
export function scriptTarget(path: string | undefined): Target {
  const parts = (path ?? '').split('/');
  for (let i = 0; i < parts.length - 1; i++) {
    const loaded = getSectionVersion(parts[i]!);
    if (loaded && loaded.version === parts[i + 1]) return loaded;
  }
  return SHELL;
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
