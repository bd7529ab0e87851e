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
 * Tools:
 *   - scripts/ (start, deploy, rollout, guard, tests) is the top: nothing imports it; what the API and the
 *     scripts both need (ports and app list, the deploy target, the rollout rules) is the workspace
 *     package deployment/, which imports neither of them.
 * Everywhere: no import circle.
 */
/** Why each rule exists: depcruise shows it next to a violation. */
const why = {
  'no-circular': 'An import circle: the files cannot be understood (or loaded) one after the other.',
  'platform-knows-no-module':
    'api/src/platform is what every module uses; it must not know any of them (register, do not import).',
  'module-through-its-face': "A module uses another only through that module's index.ts.",
  'modules-not-the-composition': 'Modules are assembled by app.ts and modules/index.ts, never the other way round.',
  'api-only-through-its-entry': 'Code outside api/ runs the API in-process only through api/src/index.ts.',
  'remote-stays-in-its-folder': 'A remote never imports another remote or the shell: they meet at run time.',
  'shell-loads-remotes-at-run-time': 'The shell loads sections through Module Federation, never by import.',
  'shared-is-below-the-apps': 'The shared package is used by the shell and every remote; it imports none of them.',
  'web-apps-not-the-api-code': 'The web apps talk to the API over HTTP; their types come from the generated client.',
  'nothing-imports-the-scripts':
    'scripts/ holds the commands and their tests, the top of the house: what others need belongs in deployment/.',
  'deployment-below-the-tools':
    'deployment/ is used by the API and the scripts; it imports neither (nor the web apps).',
};

/** [rule, from, to]: a file matching `from` must not import one matching `to`. */
const rules = [
  ['no-circular', {}, { circular: true }],
  ['platform-knows-no-module', { path: '^api/src/platform/' }, { path: ['^api/src/modules/', '^api/src/[^/]+\\.ts$'] }],
  [
    'module-through-its-face',
    { path: '^api/src/modules/([^/]+)/' },
    { path: '^api/src/modules/[^/]+/', pathNot: ['^api/src/modules/$1/', '^api/src/modules/[^/]+/index\\.ts$'] },
  ],
  [
    'modules-not-the-composition',
    { path: '^api/src/modules/[^/]+/' },
    { path: ['^api/src/modules/index\\.ts$', '^api/src/[^/]+\\.ts$'] },
  ],
  ['api-only-through-its-entry', { pathNot: '^api/' }, { path: '^api/src/', pathNot: '^api/src/index\\.ts$' }],
  ['remote-stays-in-its-folder', { path: '^(remote-[^/]+)/' }, { path: '^(shell|remote-[^/]+)/', pathNot: '^$1/' }],
  // section.json is a section's declared descriptor (the data the remotes manifest carries); tests read it.
  [
    'shell-loads-remotes-at-run-time',
    { path: '^shell/' },
    { path: '^remote-[^/]+/', pathNot: '^remote-[^/]+/section\\.json$' },
  ],
  ['shared-is-below-the-apps', { path: '^shared/' }, { path: '^(shell|remote-[^/]+)/' }],
  ['web-apps-not-the-api-code', { path: '^(shell|shared|remote-[^/]+)/' }, { path: '^api/' }],
  ['nothing-imports-the-scripts', { pathNot: '^(scripts|bench|e2e)/' }, { path: '^scripts/' }],
  ['deployment-below-the-tools', { path: '^deployment/' }, { path: '^(scripts|api|shell|remote-[^/]+|bench|e2e)/' }],
];

module.exports = {
  forbidden: rules.map(([name, from, to]) => ({ name, severity: 'error', comment: why[name], from, to })),
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
