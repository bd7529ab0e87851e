/**
 * The shared-version contract at run time. Every remote's manifest entry lists the ranges it
 * was built against (`requires`, from the `requiredVersion` of its federation singletons);
 * the shell knows the versions it provides (injected by rsbuild.config.ts). A version whose
 * range the shell does not satisfy is never mounted.
 *
 * The ranges are checked with the federation runtime's own semver check (runtime-core's `satisfy`, the
 * one its share scope uses; rsbuild.config.ts `runtimeSemverAlias`), not a second range parser in the
 * shell. It answers as npm semver with `includePrerelease` (what deploy checks with) for every range of
 * the contract — see shared-versions.test.ts for where the two differ.
 */
import { satisfy } from '@lager-federation/semver';

/** Injected by rsbuild.config.ts into the shell build: singleton package → version it provides. */
declare const __LAGER_SHARED_VERSIONS__: Record<string, string> | undefined;

let provided: Record<string, string> =
  typeof __LAGER_SHARED_VERSIONS__ === 'undefined' ? {} : { ...__LAGER_SHARED_VERSIONS__ };

export function setProvidedVersions(next: Record<string, string>): void {
  provided = { ...next };
}

export interface UnmetRequirement {
  package: string;
  required: string;
  provided: string;
}

/**
 * Answers by `version range`: every section lists the same ranges (one build definition), and the check
 * parses its regular expressions anew on each call — at start each remote's version is checked.
 */
const answers = new Map<string, boolean>();

function satisfies(version: string, range: unknown): boolean {
  if (typeof range !== 'string') return false;
  const key = `${version} ${range}`;
  let ok = answers.get(key);
  if (ok === undefined) {
    try {
      ok = satisfy(version, range);
    } catch {
      ok = false;
    }
    answers.set(key, ok);
  }
  return ok;
}

/** `react/jsx-runtime` → `react`, `@lager/shared/testing` → `@lager/shared`. */
function packageOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The requirements the shell does not meet. Packages the shell does not provide are the
 * remote's own business (it brings its own copy); an unparsable range counts as unmet.
 */
export function unmetRequirements(
  requires: Readonly<Record<string, string>> | undefined,
  provides: Readonly<Record<string, string>> = provided,
): UnmetRequirement[] {
  const unmet = new Map<string, UnmetRequirement>();
  for (const [request, required] of Object.entries(requires ?? {})) {
    const name = packageOf(request);
    const version = provides[name];
    if (!version || unmet.has(name)) continue;
    if (!satisfies(version, required)) unmet.set(name, { package: name, required, provided: version });
  }
  return [...unmet.values()];
}
