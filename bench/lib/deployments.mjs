/** The three builds under test, each on its own shell origin (ports fixed beforehand). */
import { startDeployment } from './serve.mjs';

export async function serveDeployments({ outDir, shellPorts, apiUrl, remoteNames }) {
  const deployments = {};
  for (const [kind, shellPort] of Object.entries(shellPorts)) {
    deployments[kind] = await startDeployment({ kind, outDir, shellPort, apiUrl, remoteNames });
  }
  return deployments;
}
