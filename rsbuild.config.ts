/**
 * The one federation definition of Lager: app names, dev ports, what each remote
 * exposes and the shared singletons. Every app builds with this file
 * (`rsbuild build -c ../rsbuild.config.ts` from the app folder); nothing here is
 * repeated in the apps.
 */
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

export type AppName = 'shell' | 'remote-account' | 'remote-warehouse-admin' | 'remote-user-admin' | 'remote-info';
export type RemoteName = Exclude<AppName, 'shell'>;

export interface RemoteDefinition {
  /** Federation container name (a JS identifier). */
  scope: string;
  port: number;
  /** The one coarse entry each section exposes: a component with nested <Routes>. */
  exposes: Record<string, string>;
}

export const SHELL_PORT = 3000;
export const API_PORT = 8000;

export const remotes: Record<RemoteName, RemoteDefinition> = {
  'remote-account': {
    scope: 'remote_account',
    port: 3001,
    exposes: { './AccountRoutes': './src/app/AccountRoutes.tsx' },
  },
  'remote-warehouse-admin': {
    scope: 'remote_warehouse_admin',
    port: 3002,
    exposes: { './WarehouseAdminRoutes': './src/app/WarehouseAdminRoutes.tsx' },
  },
  'remote-user-admin': {
    scope: 'remote_user_admin',
    port: 3003,
    exposes: { './UserAdminRoutes': './src/app/UserAdminRoutes.tsx' },
  },
  'remote-info': {
    scope: 'remote_info',
    port: 3004,
    exposes: { './InfoRoutes': './src/app/InfoRoutes.tsx' },
  },
};

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

const rootDir = __dirname;

function sharedConfig() {
  return Object.fromEntries(
    sharedSingletons.map((name) => [name, { singleton: true, requiredVersion: false as const }]),
  );
}

export function federationOptions(app: AppName) {
  const common = { shared: sharedConfig(), dts: false, shareStrategy: 'loaded-first' as const };
  if (app === 'shell') {
    // The shell knows no remote at build time: it reads remotes.json at start.
    return { ...common, name: 'shell', remotes: {} };
  }
  const def = remotes[app];
  return { ...common, name: def.scope, exposes: def.exposes, manifest: { fileName: 'mf-manifest.json' } };
}

/** What the shell needs to know of each remote at build time: its container name and entry module. */
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

export function appConfig(app: AppName): RsbuildConfig {
  const port = app === 'shell' ? SHELL_PORT : remotes[app].port;
  return {
    root: path.join(rootDir, app),
    plugins: [pluginReact(), pluginModuleFederation(federationOptions(app))],
    source: {
      entry: { index: './src/index.ts' },
      define: { __LAGER_SECTIONS__: JSON.stringify(sectionModules()) },
    },
    html: {
      title: 'Lager',
      template: path.join(rootDir, 'index.html'),
      // The shell's runtime configuration is fetched while its scripts download, not after.
      tags: app === 'shell' ? RUNTIME_CONFIG_FILES.map(preloadFetch) : [],
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
    },
    // Remotes load their chunks relative to their own manifest, not the shell's origin.
    output: { assetPrefix: app === 'shell' ? '/' : 'auto', cleanDistPath: true },
    dev: { assetPrefix: app === 'shell' ? '/' : 'auto' },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
  };
}

function isAppName(name: string): name is AppName {
  return name === 'shell' || name in remotes;
}

export default defineConfig(() => {
  const app = process.env.LAGER_APP ?? path.basename(process.cwd());
  if (!isAppName(app)) throw new Error(`Unknown Lager app "${app}" (run rsbuild from an app folder)`);
  return appConfig(app);
});
