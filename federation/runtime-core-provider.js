/**
 * The shell's federation runtime as the remote entries reach it (rsbuild.config.ts
 * `provideExternalRuntime`): replaces @module-federation/inject-external-runtime-core-plugin,
 * which hands the remotes the whole runtime-core namespace, so nothing of it can be left out of the
 * shell. The remotes get the names they read from `_FEDERATION_RUNTIME_CORE`
 * (federation/runtime-core-names.js) and the bundler runtime's functions, so a remote entry need
 * not carry its own copy of them (federation/bundler-runtime-from-shell.js).
 */
import { Global } from '@module-federation/runtime-core';
import federation, { functions } from './bundler-runtime-shell.js';
import * as names from './runtime-core-names.js';

const provided = {
  ...names,
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
