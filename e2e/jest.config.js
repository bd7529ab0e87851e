/** Browser journeys: the built apps served as `npm start` serves them, real API, Debian's Chromium. */
module.exports = {
  displayName: 'e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  testMatch: ['<rootDir>/tests/**/*.test.ts'],
  // One migrated PGlite data directory per run, copied into every stack's DATA_DIR.
  globalSetup: '<rootDir>/support/pglite-template.ts',
  testTimeout: 90_000,
  maxWorkers: 1,
};
