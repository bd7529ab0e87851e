/**
 * The one federation build of Lager: the shared singletons (with the version ranges every app
 * is built against) and how the shell and each remote are built. Every app builds with this
 * file (`rsbuild build -c ../rsbuild.config.ts` from the app folder). What is particular to a
 * remote (container name, dev port, exposed modules, routes, header links, dashboard cards)
 * lives in its own `section.json`, so adding a section never touches this file or the shell.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { API_PORT, SHELL_PORT, stableManifest } from './deployment/federation-apps.cjs';

/** `shell`, or a remote: any folder with a `section.json` (the `remote-*` workspaces, test fixtures). */
export type AppName = string;
export type RemoteName = string;

export interface RemoteDefinition {
  /** Federation container name (a JS identifier). */
  scope: string;
  port: number;
  /** The one coarse entry each section exposes (a component with nested <Routes>) and its slot modules. */
  exposes: Record<string, string>;
}

/**
 * A section's own file: its federation build (scope, dev port, exposed modules) and the
 * description the shell routes by (published as dist/section.json, see README "Adding a section").
 */
interface SectionFile extends RemoteDefinition {
  devPort: number;
  [key: string]: unknown;
}

const BUILD_ONLY_KEYS = ['devPort', 'exposes', '$schema', '$comment'];

function readSectionFile(dir: string): SectionFile {
  const file = JSON.parse(fs.readFileSync(path.join(dir, 'section.json'), 'utf8')) as SectionFile;
  return { ...file, port: file.devPort };
}

export { API_PORT, SHELL_PORT } from './deployment/federation-apps.cjs';

const rootDir = __dirname;

/** The `remote-*` workspaces of the root package.json (as deployment/federation-apps.cjs reads them). */
function remoteWorkspaces(): string[] {
  const { workspaces } = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  // A workspace without section.json is not a section yet (e.g. half created): it is not built as one.
  return workspaces.filter((w) => w.startsWith('remote-') && fs.existsSync(path.join(rootDir, w, 'section.json')));
}

/** Every remote of the repository (the `remote-*` workspaces), as its section.json declares it. */
export const remotes: Record<RemoteName, RemoteDefinition> = Object.fromEntries(
  remoteWorkspaces().map((name) => {
    const { scope, port, exposes } = readSectionFile(path.join(rootDir, name));
    return [name, { scope, port, exposes }];
  }),
);

/** Packages that must exist once at run time: one React, one store, one i18next. */
export const sharedSingletons = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'i18next',
  'react-i18next',
  'axios',
  '@lager/shared',
] as const;

type PackageJson = { version: string; dependencies?: Record<string, string> };
const readPackage = (dir: string): PackageJson => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
const packageName = (request: string) => request.replace(/\/$/, '');

/**
 * The range an app is built against for each singleton: its own dependency range, else the
 * range of `@lager/shared` (which brings React, the router, the store and i18next to every app).
 */
export function requiredRanges(appDir: string): Record<string, string> {
  const own = readPackage(appDir).dependencies ?? {};
  const shared = readPackage(path.join(rootDir, 'shared')).dependencies ?? {};
  return Object.fromEntries(
    sharedSingletons.flatMap((request) => {
      const range = own[packageName(request)] ?? shared[packageName(request)];
      return range ? [[request, range]] : [];
    }),
  );
}

/** The version of each singleton an app bundles (what the shell provides to every section). */
export function providedVersions(appDir: string): Record<string, string> {
  const names = [...new Set(sharedSingletons.map(packageName))];
  return Object.fromEntries(
    names.map((name) => {
      const manifest = require.resolve(`${name}/package.json`, { paths: [appDir] });
      return [name, (JSON.parse(fs.readFileSync(manifest, 'utf8')) as PackageJson).version];
    }),
  );
}

/**
 * Singletons provided through a module that names the exports the apps use (federation/<name>.ts):
 * a shared package is bundled whole otherwise. Its `version` stays the package's own.
 */
export const sharedFacades: Record<string, string> = {
  'react-router-dom': path.join(rootDir, 'federation/react-router-dom.ts'),
  'react-i18next': path.join(rootDir, 'federation/react-i18next.js'),
  '@reduxjs/toolkit': path.join(rootDir, 'federation/reduxjs-toolkit.js'),
  'react-redux': path.join(rootDir, 'federation/react-redux.js'),
};

/** The whole package under a name that is not a shared key (a facade importing its own key would import itself). */
const packageFile = (name: string, file: string) =>
  path.join(path.dirname(require.resolve(`${name}/package.json`, { paths: [rootDir] })), file);
const facadeTargets = {
  '@lager-federation/react-i18next$': packageFile('react-i18next', 'dist/es/index.js'),
  '@lager-federation/reduxjs-toolkit$': packageFile('@reduxjs/toolkit', 'dist/redux-toolkit.modern.mjs'),
  '@lager-federation/react-redux$': packageFile('react-redux', 'dist/react-redux.mjs'),
};

/**
 * The federation runtime's error codes without a description per code (federation/error-codes.js): the
 * message keeps the code and its docs link. Only the package index: `/browser` is its logger.
 */
function errorCodesAlias(): Record<string, string> {
  const esm = require
    .resolve('@module-federation/error-codes', { paths: [rootDir] })
    .replace(/index\.cjs$/, 'index.mjs');
  return {
    '@module-federation/error-codes$': path.join(rootDir, 'federation/error-codes.js'),
    '@lager-federation/error-codes$': esm,
  };
}

/** The federation SDK with a console logger (federation/sdk.js); the package's ES build under another name. */
function sdkAlias(): Record<string, string> {
  const esm = require.resolve('@module-federation/sdk', { paths: [rootDir] }).replace(/index\.cjs$/, 'index.js');
  return {
    '@module-federation/sdk$': path.join(rootDir, 'federation/sdk.js'),
    '@lager-federation/sdk$': esm,
  };
}

/**
 * runtime-core's semver range check alone, the one its ModuleFederation checks shared versions with: the
 * shell's shared-version contract (shell/src/features/remotes/shared-versions.ts) uses the same module
 * instead of a second range parser. Not the package index, which also sets up the federation globals
 * (the monolithic baseline imports the check too); the package's `exports` name no deeper file.
 */
export const runtimeSemverAlias = {
  '@lager-federation/semver$': path.join(
    path.dirname(require.resolve('@module-federation/runtime-core', { paths: [rootDir] })),
    'utils/semver/index.js',
  ),
};

/**
 * `eager` (the shell): its singletons are in its entry chunk and provided at once, no chunk
 * per package fetched after the entry ran; the remotes' copies stay lazy fallbacks.
 * The shell's singletons are the versions every app gets (loaded first): a range for them would only
 * have the runtime check, at each start, the shell's own versions against themselves (a semver parse
 * per package). The contract runs the other way: a section's ranges against what the shell provides
 * (shell/src/features/remotes/shared-versions.ts at run time, deploy before).
 */
function sharedConfig(appDir: string, eager = false) {
  const ranges = requiredRanges(appDir);
  const versions = providedVersions(appDir);
  return Object.fromEntries(
    sharedSingletons.map((name) => [
      name,
      {
        singleton: true,
        requiredVersion: eager ? (false as const) : (ranges[name] ?? (false as const)),
        ...(eager ? { eager: true } : {}),
        ...(sharedFacades[name] ? { import: sharedFacades[name], version: versions[name] } : {}),
      },
    ]),
  );
}

/**
 * The federation runtime as ES modules. Rspack's federation plugin and @module-federation/rspack
 * resolve the bundler runtime, the runtime and the runtime plugins with `require.resolve`, i.e.
 * their CommonJS builds, which the bundler can neither tree-shake nor concatenate (every export
 * kept, a wrapper per file). The same packages ship ES builds beside them (`.js`/`.mjs`).
 */
function federationRuntimeAsEsm(): Record<string, string> {
  const packages = ['runtime', 'runtime-tools'];
  const provider = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [rootDir] });
  const bundlerRuntime = require.resolve('@module-federation/webpack-bundler-runtime', { paths: [rootDir] });
  return {
    ...Object.fromEntries(
      packages.map((name) => {
        const cjs = require.resolve(`@module-federation/${name}`, { paths: [rootDir] });
        return [`${cjs}$`, cjs.replace(/\.cjs$/, '.js')];
      }),
    ),
    [`${provider}$`]: path.join(rootDir, 'federation/runtime-core-provider.js'),
    // The federation object made of the package's functions that Lager's builds call; a remote build
    // that uses the shell's runtime overrides it (bundlerRuntimeFromShell).
    [`${bundlerRuntime}$`]: path.join(rootDir, 'federation/bundler-runtime-shell.js'),
  };
}

/**
 * A remote federation build that uses the shell's runtime (`externalRuntime`) takes the bundler
 * runtime's functions from the shell too: the package is swapped for a module that reads them from
 * the provided runtime (federation/bundler-runtime-from-shell.js), ~3 kB gzip less per remote entry.
 */
export function bundlerRuntimeFromShell(): Record<string, string> {
  const cjs = require.resolve('@module-federation/webpack-bundler-runtime', { paths: [rootDir] });
  return { [`${cjs}$`]: path.join(rootDir, 'federation/bundler-runtime-from-shell.js') };
}

/** Federated apps only run in browsers: the runtime's Node.js script loading is left out. */
const WEB_ONLY = { target: 'web' as const };

export function federationOptions(app: AppName, appDir = path.join(rootDir, app)) {
  const isShell = app === 'shell';
  const common = { shared: sharedConfig(appDir, isShell), dts: false, shareStrategy: 'loaded-first' as const };
  if (isShell) {
    // The shell knows no remote at build time: it reads remotes.json at start. It hands its
    // federation runtime to every remote (one runtime on the page, not one per remote entry).
    return {
      ...common,
      name: 'shell',
      remotes: {},
      experiments: { provideExternalRuntime: true, optimization: WEB_ONLY },
    };
  }
  const def = readSectionFile(appDir);
  return {
    ...common,
    name: def.scope,
    exposes: def.exposes,
    manifest: { fileName: 'mf-manifest.json' },
    // The remote entry uses the shell's runtime (~18 kB gzip less per section); the standalone
    // page is a separate environment of the same remote (see appConfig).
    experiments: { externalRuntime: true, optimization: { ...WEB_ONLY, disableRemote: true } },
  };
}

/** The description a remote publishes beside its mf-manifest.json: section.json without its build keys. */
export function publishedSection(appDir: string): Record<string, unknown> {
  const file = JSON.parse(fs.readFileSync(path.join(appDir, 'section.json'), 'utf8')) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(file).filter(([key]) => !BUILD_ONLY_KEYS.includes(key)));
}

/** Writes a JSON file into the build output (section.json of a remote, shared-versions.json of the shell). */
function pluginEmitJson(fileName: string, content: () => unknown): RsbuildPlugin {
  return {
    name: `lager-emit-${fileName}`,
    setup(api) {
      api.processAssets({ stage: 'additional' }, ({ compilation, sources }) => {
        compilation.emitAsset(fileName, new sources.RawSource(`${JSON.stringify(content(), null, 2)}\n`));
      });
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;

/**
 * Production builds carry `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text
 * asset over 1 kB, so the serving stack (and any CDN that serves precompressed files) sends
 * compressed bodies without compressing per request.
 */
function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'lager-precompress',
    setup(api) {
      if (api.context.action !== 'build') return;
      api.processAssets({ stage: 'optimize-transfer' }, ({ compilation, sources }) => {
        for (const asset of compilation.getAssets()) {
          if (!COMPRESSIBLE.test(asset.name)) continue;
          const buf = asset.source.buffer();
          if (buf.length < 1024) continue;
          const br = zlib.brotliCompressSync(buf, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
            },
          });
          compilation.emitAsset(`${asset.name}.br`, new sources.RawSource(br));
          compilation.emitAsset(`${asset.name}.gz`, new sources.RawSource(zlib.gzipSync(buf, { level: 9 })));
        }
      });
    },
  };
}

/**
 * In development the shell's remotes.json is made from the remotes' own section.json files
 * and dev ports, so a section's routes and links change with its file, not with the shell.
 */
function devRemotesManifest() {
  return stableManifest(Object.keys(remotes), (name) => ({
    version: 'dev',
    entry: `http://127.0.0.1:${remotes[name]!.port}/mf-manifest.json`,
    section: publishedSection(path.join(rootDir, name)),
  }));
}

/** Each remote's container name and entry module (for the benchmark's monolithic baseline; the shell reads remotes.json). */
export function sectionModules() {
  return Object.fromEntries(
    Object.entries(remotes).map(([name, def]) => [name, { scope: def.scope, module: Object.keys(def.exposes)[0] }]),
  );
}

const RUNTIME_CONFIG_FILES = ['/config.json', '/remotes.json'];
const preloadFetch = (href: string) => ({
  tag: 'link',
  attrs: { rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' },
  head: true,
});
/** The shell is an installable app (README "Working offline"): its web app manifest and theme colours. */
const INSTALL_TAGS = [
  { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, head: true },
  {
    tag: 'meta',
    attrs: { name: 'theme-color', media: '(prefers-color-scheme: light)', content: '#1d5fbf' },
    head: true,
  },
  {
    tag: 'meta',
    attrs: { name: 'theme-color', media: '(prefers-color-scheme: dark)', content: '#0f141a' },
    head: true,
  },
  { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/icon-192.png' }, head: true },
];

/**
 * A remote is built twice from the same sources (Rsbuild environments, one `dist/`):
 * - `federation`: what the shell loads (remote entry, exposed modules, mf-manifest.json,
 *   section.json). It uses the shell's federation runtime, so it has no page of its own.
 * - `standalone`: the section on its own page (`index.html`, `npm run dev -w <remote>`, or its
 *   build served alone), a plain app with its own React, router and store, under `standalone/`.
 */
export const REMOTE_ENVIRONMENTS = { federation: 'federation', standalone: 'standalone' } as const;
const STANDALONE_DIR = 'standalone/static';

function remoteEnvironments(app: AppName, appDir: string): RsbuildConfig['environments'] {
  const options = federationOptions(app, appDir);
  return {
    [REMOTE_ENVIRONMENTS.federation]: {
      plugins: [
        pluginModuleFederation(options, { environment: REMOTE_ENVIRONMENTS.federation }),
        // What a section is (the shell routes by it).
        pluginEmitJson('section.json', () => publishedSection(appDir)),
      ],
      tools: {
        htmlPlugin: false,
        // No page of its own: the container entry (added by the federation plugin) is the only entry.
        // The app's `index` entry here was never served, and its chunk graph shared with the exposed
        // modules split each section into two files whose modules could not be concatenated.
        rspack: (config) => {
          config.entry = {};
        },
      },
      resolve: { alias: options.experiments?.externalRuntime ? bundlerRuntimeFromShell() : {} },
      // Remotes load their chunks relative to their own manifest, not the shell's origin.
      output: { assetPrefix: 'auto' },
      dev: { assetPrefix: 'auto' },
    },
    [REMOTE_ENVIRONMENTS.standalone]: {
      output: {
        assetPrefix: '/',
        distPath: {
          js: `${STANDALONE_DIR}/js`,
          jsAsync: `${STANDALONE_DIR}/js/async`,
          css: `${STANDALONE_DIR}/css`,
          cssAsync: `${STANDALONE_DIR}/css/async`,
          svg: `${STANDALONE_DIR}/svg`,
          font: `${STANDALONE_DIR}/font`,
          image: `${STANDALONE_DIR}/image`,
          media: `${STANDALONE_DIR}/media`,
        },
      },
      dev: { assetPrefix: '/' },
    },
  };
}

export function appConfig(app: AppName, appDir = path.join(rootDir, app)): RsbuildConfig {
  const isShell = app === 'shell';
  const port = isShell ? SHELL_PORT : readSectionFile(appDir).port;
  return {
    root: appDir,
    plugins: isShell
      ? [
          pluginReact(),
          pluginModuleFederation(federationOptions(app, appDir)),
          // What the shell provides (deploy checks remotes against it).
          pluginEmitJson('shared-versions.json', () => ({ provides: providedVersions(appDir) })),
          pluginPrecompress(),
        ]
      : [pluginReact(), pluginPrecompress()],
    environments: isShell ? undefined : remoteEnvironments(app, appDir),
    resolve: {
      alias: {
        ...facadeTargets,
        ...federationRuntimeAsEsm(),
        // The shell's own runtime only: a remote entry takes runtime-core from the shell, and what it keeps of
        // the SDK and the error codes is smaller as the packages' own modules.
        ...(isShell ? { ...runtimeSemverAlias, ...errorCodesAlias(), ...sdkAlias() } : {}),
      },
    },
    source: {
      entry: { index: './src/index.ts' },
      // The shell checks each section's `requires` against these at run time; it knows no section.
      define: isShell ? { __LAGER_SHARED_VERSIONS__: JSON.stringify(providedVersions(appDir)) } : {},
    },
    html: {
      title: 'Lager',
      template: path.join(rootDir, 'index.html'),
      // The shell's runtime configuration is fetched while its scripts download, not after.
      tags: app === 'shell' ? [...RUNTIME_CONFIG_FILES.map(preloadFetch), ...INSTALL_TAGS] : [],
    },
    server: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      publicDir: { name: 'public', copyOnBuild: true },
      // In development every app talks to the API through its own origin, as in production.
      proxy: { '/api': `http://127.0.0.1:${API_PORT}`, '/sanctum': `http://127.0.0.1:${API_PORT}` },
      // The shell's remotes.json comes from the remotes' section.json files (before the built-in middlewares).
      setup: isShell
        ? ({ server }) => {
            server.middlewares.use((req, res, next) => {
              if (req.url?.split('?')[0] !== '/remotes.json') return next();
              res.setHeader('Content-Type', 'application/json');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(JSON.stringify(devRemotesManifest()));
            });
          }
        : undefined,
    },
    output: { assetPrefix: '/', cleanDistPath: true },
    dev: { assetPrefix: '/' },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  };
}

export default defineConfig(() => {
  // The shell, a remote workspace, or any folder with a section.json (e.g. a section made by new-section --dir).
  const dir = process.env.LAGER_APP ? path.join(rootDir, process.env.LAGER_APP) : process.cwd();
  const app = path.basename(dir);
  if (app !== 'shell' && !fs.existsSync(path.join(dir, 'section.json'))) {
    throw new Error(`"${dir}" is not a Lager app: run rsbuild from the shell or a folder with a section.json`);
  }
  return appConfig(app, dir);
});
