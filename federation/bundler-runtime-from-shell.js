/**
 * A remote entry's `__webpack_require__.federation` object (what @module-federation/webpack-bundler-runtime
 * exports as default), built around the shell's bundler runtime functions instead of a copy of
 * them in every remote entry. rsbuild.config.ts aliases the package to this file in a remote's
 * federation build only when that build uses the shell's runtime (`externalRuntime`): the shell
 * provides them with runtime-core (federation/runtime-core-provider.js), and the externals plugin
 * turns this import into a read of `_FEDERATION_RUNTIME_CORE`. Per bundle, as in the package: the
 * runtime (its instance lookup is built with this remote's name), the share scope object and the
 * options the generated start-up code fills in.
 */
import { getRemoteEntry, init } from '@module-federation/runtime';
import { bundlerRuntime as fromShell } from '@module-federation/runtime-core';

const { attachShareScopeMap, ...functions } = fromShell;

export default {
  // What the bundler runtime calls on it (`federation.runtime.init`, `.getRemoteEntry`), not the
  // whole namespace (its loadRemote/loadShare… and their error texts are the shell's business).
  runtime: { getRemoteEntry, init },
  instance: undefined,
  initOptions: undefined,
  bundlerRuntime: { ...functions, S: {} },
  attachShareScopeMap,
  bundlerRuntimeOptions: {},
};
