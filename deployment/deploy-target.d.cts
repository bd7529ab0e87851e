/** Types of deploy-target.cjs for the TypeScript that reads a deployment target (the API's GET /api/releases). */
export interface DeployTarget {
  describe(): string;
  listVersions(remote: string): Promise<string[]>;
  listRemotes?(): Promise<string[]>;
  readManifest(): Promise<{ remotes?: Record<string, unknown> }>;
  readHistory(): Promise<Record<string, unknown>[]>;
}
export declare const MANIFEST_FILE: string;
export declare const HISTORY_FILE: string;
/** LAGER_DEPLOY_TARGET's module, else the folder LAGER_DEPLOY_DIR (default `<repo>/.deploy`). */
export declare function loadTarget(options: {
  targetModule?: string;
  targetDir?: string;
  repoRoot: string;
}): DeployTarget;
