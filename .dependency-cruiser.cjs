/**
 * The dependency rules of the repository (`npm run depcheck`, part of `npm test`). Arrows run one way:
 *
 * API (api/README.md "Where things go"):
 *   - platform/ knows no module and not the composition (app.ts, modules/index.ts, start/server/config);
 *   - a module uses another module only through that module's face, `modules/<name>/index.ts`;
 *   - nothing outside api/ imports api/src except through its declared entry, api/src/index.ts.
 * Web apps:
 *   - a remote never imports another remote or the shell (they meet at run time, through Module Federation);
 *   - the shell never imports a remote; shared/ imports neither;
 *   - the web apps never import the API's code (the wire types come from the generated client).
 * Everywhere: no import circle.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: the files cannot be understood (or loaded) one after the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-knows-no-module',
      severity: 'error',
      comment: 'api/src/platform is what every module uses; it must not know any of them (register, do not import).',
      from: { path: '^api/src/platform/' },
      to: { path: ['^api/src/modules/', '^api/src/[^/]+\\.ts$'] },
    },
    {
      name: 'module-through-its-face',
      severity: 'error',
      comment: "A module uses another only through that module's index.ts.",
      from: { path: '^api/src/modules/([^/]+)/' },
      to: {
        path: '^api/src/modules/[^/]+/',
        pathNot: ['^api/src/modules/$1/', '^api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'modules-not-the-composition',
      severity: 'error',
      comment: 'Modules are assembled by app.ts and modules/index.ts, never the other way round.',
      from: { path: '^api/src/modules/[^/]+/' },
      to: { path: ['^api/src/modules/index\\.ts$', '^api/src/[^/]+\\.ts$'] },
    },
    {
      name: 'api-only-through-its-entry',
      severity: 'error',
      comment: 'Code outside api/ runs the API in-process only through api/src/index.ts.',
      from: { pathNot: '^api/' },
      to: { path: '^api/src/', pathNot: '^api/src/index\\.ts$' },
    },
    {
      name: 'remote-stays-in-its-folder',
      severity: 'error',
      comment: 'A remote never imports another remote or the shell: they meet at run time.',
      from: { path: '^(remote-[^/]+)/' },
      to: { path: '^(shell|remote-[^/]+)/', pathNot: '^$1/' },
    },
    {
      name: 'shell-loads-remotes-at-run-time',
      severity: 'error',
      comment: 'The shell loads sections through Module Federation, never by import.',
      from: { path: '^shell/' },
      // section.json is a section's declared descriptor (the data the remotes manifest carries); tests read it.
      to: { path: '^remote-[^/]+/', pathNot: '^remote-[^/]+/section\\.json$' },
    },
    {
      name: 'shared-is-below-the-apps',
      severity: 'error',
      comment: 'The shared package is used by the shell and every remote; it imports none of them.',
      from: { path: '^shared/' },
      to: { path: '^(shell|remote-[^/]+)/' },
    },
    {
      name: 'web-apps-not-the-api-code',
      severity: 'error',
      comment: 'The web apps talk to the API over HTTP; their types come from the generated client.',
      from: { path: '^(shell|shared|remote-[^/]+)/' },
      to: { path: '^api/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
