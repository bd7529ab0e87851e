/**
 * The runtime-core exports the modules of a remote entry import (@module-federation/runtime; the
 * bundler runtime's functions come with federation/bundler-runtime-shell.js). The shell provides
 * exactly these to the remotes (federation/runtime-core-provider.js), so the rest of runtime-core
 * can be left out of the shell where the shell itself does not use it.
 * scripts/federation-runtime-provider.test.cjs fails when a remote entry imports a name not listed.
 */
export {
  assert,
  CurrentGlobal,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  loadScript,
  loadScriptNode,
  Module,
  ModuleFederation,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';
