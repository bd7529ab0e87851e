/** One Jest run for the whole repo: every web package in jsdom, the API in node. */
const { remoteNames } = require('./deployment/federation-apps.cjs');
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const web = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jest-fixed-jsdom',
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  // bwip-js names each encoder (ean13, qrcode, …) only in its ES module build, which the labels
  // import so the bundle holds just those; Jest gets the same file compiled to CJS.
  transformIgnorePatterns: ['/node_modules/(?!bwip-js/)'],
  setupFilesAfterEnv: ['<rootDir>/../jest.setup.ts'],
  moduleNameMapper: {
    '\\.(css|svg|png)$': '<rootDir>/../jest.asset-stub.js',
    '^bwip-js/browser$': '<rootDir>/../node_modules/bwip-js/dist/bwip-js.mjs',
    // rsbuild.config.ts `runtimeSemverAlias`: runtime-core's semver check alone.
    '^@lager-federation/semver$':
      '<rootDir>/../node_modules/@module-federation/runtime-core/dist/utils/semver/index.cjs',
    // rsbuild.config.ts `errorCodesAlias`: federation/error-codes.js reaches the package under this name.
    '^@lager-federation/error-codes$': '<rootDir>/../node_modules/@module-federation/error-codes/dist/index.cjs',
    // rsbuild.config.ts `sdkAlias`: federation/sdk.js reaches the package under this name.
    '^@lager-federation/sdk$': '<rootDir>/../node_modules/@module-federation/sdk/dist/index.cjs',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});

module.exports = {
  // Jest's default is one worker fewer than the cores: one worker on CI's 2 cores left a core idle
  // (the suites are CPU-bound jsdom renders and PGlite boots). Two workers finish the run sooner.
  maxWorkers: 2,
  projects: [
    web('shared'),
    web('shell'),
    // Every remote workspace, also a section added with `npm run new-section`.
    ...remoteNames.map(web),
    {
      displayName: 'api',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      // Jest's VM cannot require ESM or run import() without --experimental-vm-modules. typebox 1.x,
      // cookie and content-disposition ship ESM only; PGlite and @fastify/cookie call import():
      // compile exactly these to plain CJS.
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.(m|c)js$': swc },
      transformIgnorePatterns: [
        '/node_modules/(?!(typebox|@electric-sql/pglite|@fastify/cookie|cookie|content-disposition)/)(?!.*/node_modules/)',
      ],
      // One migrated PGlite per run that every file's database starts from (instead of initdb + migrations).
      globalSetup: '<rootDir>/test/pglite-template.ts',
      setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
      testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
    },
    // The deployment package's pure rollout rules (plain Node CommonJS, no transform).
    {
      displayName: 'deployment',
      rootDir: '<rootDir>/deployment',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/*.test.cjs'],
    },
    // Deploy and rollout commands (plain Node CommonJS, no transform).
    {
      displayName: 'scripts',
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/*.test.cjs'],
    },
  ],
};
