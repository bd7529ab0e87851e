/** runtime-core's semver range check (rsbuild.config.ts `runtimeSemverAlias`, jest.config.js maps it too). */
declare module '@lager-federation/semver' {
  export function satisfy(version: string, range: string): boolean;
}
