/**
 * The shell's federation runtime as the remote entries reach it (rsbuild.config.ts
 * `provideExternalRuntime`): replaces @module-federation/inject-external-runtime-core-plugin,
 * which hands the remotes the whole runtime-core namespace, so nothing of it can be left out of the
 * shell. Only the names a remote entry reads from `_FEDERATION_RUNTIME_CORE` are provided
 * (@module-federation/runtime and webpack-bundler-runtime import them; scripts/
 * federation-runtime-provider.test.cjs fails when they import a name missing here).
 */
import {
  assert,
  CurrentGlobal,
  Global,
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
import federation, { functions } from './bundler-runtime-shell.js';

const provided = {
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
  // The bundler runtime's functions, so a remote entry need not carry its own copy
  // (federation/bundler-runtime-from-shell.js).
  bundlerRuntime: { ...functions, attachShareScopeMap: federation.attachShareScopeMap },
};

const VERSION = '2.9.2';

/** The runtime plugin the federation plugin registers in the shell (same behaviour as the package's). */
export default function injectExternalRuntimeCorePlugin() {
  return {
    name: 'inject-external-runtime-core-plugin',
    version: VERSION,
    beforeInit(args) {
      if (!Global || typeof Global !== 'object') return args;
      const { name } = args.options;
      const from = Global._FEDERATION_RUNTIME_CORE_FROM;
      if (Global._FEDERATION_RUNTIME_CORE && from && (from.name !== name || from.version !== VERSION)) {
        console.warn(
          `Detect multiple module federation runtime! Injected runtime from ${from.name}@${from.version} and current is ${name}@${VERSION}, pleasure ensure there is only one consumer to provider runtime!`,
        );
        return args;
      }
      Global._FEDERATION_RUNTIME_CORE = provided;
      Global._FEDERATION_RUNTIME_CORE_FROM = { version: VERSION, name };
      return args;
    },
  };
}
