/**
 * The builds under test, each on its own shell origin (ports fixed beforehand):
 * - federated: the product as configured (shell + four remote origins)
 * - federated-before: the federation options before issue 17 (bench/experiment.rsbuild.config.ts)
 * - monolith-static / monolith-lazy: the baseline without federation
 */
import { startDeployment } from './serve.mjs';

export function layoutOf(kind, remoteNames) {
  if (kind.startsWith('monolith')) return { shellDir: kind, remoteDirs: {} };
  const prefix = kind === 'federated' ? '' : 'before/';
  return {
    shellDir: `${prefix}shell`,
    remoteDirs: Object.fromEntries(remoteNames.map((n) => [n, `${prefix}${n}`])),
  };
}

export async function serveDeployments({ outDir, shellPorts, apiUrl, remoteNames }) {
  const deployments = {};
  for (const [kind, shellPort] of Object.entries(shellPorts)) {
    deployments[kind] = await startDeployment({
      kind,
      outDir,
      shellPort,
      apiUrl,
      remoteNames,
      ...layoutOf(kind, remoteNames),
    });
  }
  return deployments;
}
