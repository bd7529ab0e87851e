/** Types of federation-apps.cjs for the TypeScript files that import it (rsbuild.config.ts, api/src/config.ts). */
export declare const remoteNames: string[];
export declare const SHELL_PORT: number;
export declare const API_PORT: number;
export declare const DEPLOY_PORT: number;
export declare const devPorts: Record<string, number>;
export declare function stableManifest<Stable>(
  names: string[],
  stableOf: (name: string) => Stable,
): { remotes: Record<string, { stable: Stable }> };
