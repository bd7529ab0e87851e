/**
 * The shell's `__webpack_require__.federation` object (what @module-federation/webpack-bundler-runtime
 * exports as default; rsbuild.config.ts aliases the package to this file in the shell's build),
 * made of the package's own functions minus what no Lager build calls: `remotes` (loading remotes
 * declared at build time: the shell registers them at run time, the remotes declare none and are
 * built with `disableRemote`) and `getSharedFallbackGetter` (shared tree shaking, not configured),
 * and of @module-federation/runtime only what the bundler runtime calls (`init`, `getRemoteEntry`).
 * `functions` are what the shell hands to every remote entry (federation/runtime-core-provider.js,
 * federation/bundler-runtime-from-shell.js), with `initContainerEntry`, which only a container calls
 * (already in the shell's bundle for them, so its own object lists it too).
 * scripts/federation-runtime-provider.test.cjs checks both lists against the packages.
 */
import { getRemoteEntry, init as initRuntime } from '@module-federation/runtime';
import { attachShareScopeMap } from '@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.js';
import { consumes } from '@module-federation/webpack-bundler-runtime/dist/consumes.js';
import { init } from '@module-federation/webpack-bundler-runtime/dist/init.js';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { initializeSharing } from '@module-federation/webpack-bundler-runtime/dist/initializeSharing.js';
import { installInitialConsumes } from '@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js';

/** Stateless: each call gets the calling bundle's `__webpack_require__`. */
export const functions = { consumes, I: initializeSharing, installInitialConsumes, init, initContainerEntry };

export default {
  runtime: { getRemoteEntry, init: initRuntime },
  instance: undefined,
  initOptions: undefined,
  // initContainerEntry: for the bench's remotes with their own runtime (bench/experiment.rsbuild.config.ts).
  bundlerRuntime: { ...functions, S: {} },
  attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
