/**
 * The rollout manifest and history as the Releases page reads them: rollout.json's remotes (stable,
 * canary with its guard plan, versions kept for rollback) and the newest history lines, through the
 * deployment target the CLI uses (LAGER_DEPLOY_TARGET, else LAGER_DEPLOY_DIR, else `<repo>/.deploy`).
 */
import { dirname } from 'node:path';
import { type DeployTarget, loadTarget } from '@lager/deployment/deploy-target.cjs';
import { API_ROOT } from '../../platform/paths';
import type { ReleasesBodyType } from './schemas';

const HISTORY_LINES = 200;

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const object = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** The target named by the environment at the time of the request (a test or an operator may change it). */
const currentTarget = (): DeployTarget => loadTarget({ repoRoot: dirname(API_ROOT) });

function guardOf(raw: unknown): NonNullable<ReleasesBodyType['remotes'][number]['canary']>['guard'] {
  const guard = object(raw);
  if (!guard || !Array.isArray(guard.steps)) return null;
  return {
    step: number(guard.step) ?? 0,
    steps: guard.steps.filter((s): s is number => typeof s === 'number'),
    window_ms: number(guard.windowMs) ?? 0,
    min_pages: number(guard.minPages) ?? 0,
    started_at: text(guard.startedAt) ?? '',
    step_started_at: text(guard.stepStartedAt) ?? '',
  };
}

function remoteOf(remote: string, raw: unknown): ReleasesBodyType['remotes'][number] {
  const state = object(raw) ?? {};
  const stable = object(state.stable);
  const canary = object(state.canary);
  return {
    remote,
    stable: stable && text(stable.version) ? { version: text(stable.version)! } : null,
    canary:
      canary && text(canary.version)
        ? { version: text(canary.version)!, percent: number(canary.percent) ?? 0, guard: guardOf(canary.guard) }
        : null,
    pinned: Array.isArray(state.previous) ? state.previous.filter((v): v is string => typeof v === 'string') : [],
    updated_at: text(state.updatedAt) ?? null,
  };
}

function historyOf(line: Json): ReleasesBodyType['history'][number] | undefined {
  const at = text(line.at);
  const remote = text(line.remote);
  const action = text(line.action) ?? text(line.command);
  if (!at || !remote || !action) return undefined;
  const entry: ReleasesBodyType['history'][number] = { at, remote, action };
  const version = text(line.version) ?? text(line.retired);
  if (version) entry.version = version;
  if (number(line.percent) !== undefined) entry.percent = number(line.percent);
  if (text(line.stopped)) entry.stopped = text(line.stopped);
  if (text(line.reason)) entry.reason = text(line.reason);
  if (text(line.actor)) entry.actor = text(line.actor);
  if (text(line.guardEnded)) entry.guard_ended = text(line.guardEnded);
  return entry;
}

/**
 * The section versions the deployment names, per remote: stable, canary and the versions kept for
 * rollback or pinning (`previous`). Null when the target names no remote (a plain `npm start`
 * serving the workspace builds). The telemetry module stores figures only for these (issue 37).
 */
export async function deployedVersions(
  target: DeployTarget = currentTarget(),
): Promise<ReadonlyMap<string, ReadonlySet<string>> | null> {
  const manifest = await target.readManifest();
  const remotes = Object.entries(object(manifest?.remotes) ?? {});
  if (!remotes.length) return null;
  const named = new Map<string, ReadonlySet<string>>();
  for (const [remote, raw] of remotes) {
    const state = remoteOf(remote, raw);
    const versions = [state.stable?.version, state.canary?.version, ...state.pinned].filter((v): v is string => !!v);
    named.set(remote, new Set(versions));
  }
  return named;
}

export async function releases(target: DeployTarget = currentTarget()): Promise<ReleasesBodyType> {
  const [manifest, history] = await Promise.all([target.readManifest(), target.readHistory()]);
  const remotes = Object.entries(object(manifest?.remotes) ?? {})
    .map(([remote, state]) => remoteOf(remote, state))
    .sort((a, b) => a.remote.localeCompare(b.remote));
  const lines: ReleasesBodyType['history'] = [];
  for (let i = history.length - 1; i >= 0 && lines.length < HISTORY_LINES; i -= 1) {
    const entry = object(history[i]) && historyOf(history[i]!);
    if (entry) lines.push(entry);
  }
  return { remotes, history: lines };
}
