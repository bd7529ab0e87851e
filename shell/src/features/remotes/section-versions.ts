/**
 * Which version of each section this page runs, for support and for the API's logs:
 * `getSectionVersions()` / `useSectionVersions()` for screens, the `X-Lager-Sections`
 * request header on every API call, and `data-lager-sections` on <html> (devtools, e2e).
 */
import { getRuntimeConfig, http } from '@lager/shared';
import { useSyncExternalStore } from 'react';

/** stable/canary by rollout, pinned by QA override, fallback = stable after the chosen version failed. */
export type Channel = 'stable' | 'canary' | 'pinned' | 'fallback';

export interface SectionVersion {
  remote: string;
  version: string;
  channel: Channel;
}

export interface SectionFailure {
  remote: string;
  version: string;
  channel: Channel;
  message: string;
  at: string;
}

/** A version not mounted because the shell does not provide the shared versions it was built against. */
export interface SectionMismatch {
  remote: string;
  version: string;
  unmet: { package: string; required: string; provided: string }[];
}

const SECTIONS_HEADER = 'X-Lager-Sections';

let versions: readonly SectionVersion[] = [];
let failures: readonly SectionFailure[] = [];
let mismatches: readonly SectionMismatch[] = [];
const listeners = new Set<() => void>();

function publish(): void {
  if (typeof document !== 'undefined') {
    const value = sectionsHeaderValue();
    if (value) document.documentElement.dataset.lagerSections = value;
    else delete document.documentElement.dataset.lagerSections;
  }
  for (const listener of listeners) listener();
}

export function setSectionVersion(entry: SectionVersion): void {
  versions = [...versions.filter((v) => v.remote !== entry.remote), entry].sort((a, b) =>
    a.remote.localeCompare(b.remote),
  );
  publish();
}

function getSectionVersions(): readonly SectionVersion[] {
  return versions;
}

export function getSectionVersion(remote: string): SectionVersion | undefined {
  return versions.find((v) => v.remote === remote);
}

/** A version that failed to load: kept for this page (it is not tried again) and reported. */
export function recordSectionFailure(failure: Omit<SectionFailure, 'at' | 'message'> & { error: unknown }): void {
  const message = failure.error instanceof Error ? failure.error.message : String(failure.error);
  const entry = {
    remote: failure.remote,
    version: failure.version,
    channel: failure.channel,
    message,
    at: new Date().toISOString(),
  };
  failures = [...failures, entry];
  console.warn(`[lager] ${entry.remote} ${entry.version} (${entry.channel}) failed to load, using stable:`, message);
  window.dispatchEvent(new CustomEvent('lager:section-fallback', { detail: entry }));
  publish();
}

export function getSectionFailures(): readonly SectionFailure[] {
  return failures;
}

export function hasFailed(remote: string, version: string): boolean {
  return failures.some((f) => f.remote === remote && f.version === version);
}

/** Recorded once per remote and version: support reads it in the footer, developers in the console. */
export function recordSectionMismatch(mismatch: SectionMismatch): void {
  if (mismatches.some((m) => m.remote === mismatch.remote && m.version === mismatch.version)) return;
  mismatches = [...mismatches, mismatch];
  const details = mismatch.unmet.map((u) => `${u.package} ${u.required} (shell: ${u.provided})`).join(', ');
  console.warn(`[lager] ${mismatch.remote} ${mismatch.version} not mounted: it needs ${details}`);
  publish();
}

export function getSectionMismatches(): readonly SectionMismatch[] {
  return mismatches;
}

export function useSectionMismatches(): readonly SectionMismatch[] {
  return useSyncExternalStore(subscribe, getSectionMismatches, getSectionMismatches);
}

/** Tests and a new manifest start from a clean slate. */
export function resetSectionVersions(): void {
  versions = [];
  failures = [];
  mismatches = [];
  publish();
}

/** `remote-info@2.0.0;canary, remote-account@1.4.0;stable` — short enough for every request. */
function sectionsHeaderValue(): string {
  return versions.map((v) => `${v.remote}@${v.version};${v.channel}`).join(', ');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSectionVersions(): readonly SectionVersion[] {
  return useSyncExternalStore(subscribe, getSectionVersions, getSectionVersions);
}

/**
 * Only same-origin API calls carry the header: a cross-origin API would have to allow it in
 * its CORS preflight first, and a refused preflight would break every request.
 */
function sameOriginApi(): boolean {
  const base = getRuntimeConfig().apiBaseUrl;
  if (!base) return true;
  try {
    return new URL(base, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

http.interceptors.request.use((config) => {
  const value = sectionsHeaderValue();
  if (value && sameOriginApi()) config.headers.set(SECTIONS_HEADER, value);
  return config;
});
