/** Injected by rsbuild.config.ts (source.define) and by jest.config.js. */
declare const __LAGER_SECTIONS__: Record<string, { scope: string; module: string }>;
