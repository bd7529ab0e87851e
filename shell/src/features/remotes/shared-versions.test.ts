/**
 * The shell checks a section's `requires` with the federation runtime's semver check; deploy
 * (deployment/rollout-sections.cjs) checks the same ranges with npm semver (`includePrerelease`).
 * Both must give the same answer for the ranges a remote can be built against.
 */
import npmSatisfies from 'semver/functions/satisfies';
import { unmetRequirements } from './shared-versions';

const PROVIDES = { react: '19.3.1', 'react-dom': '19.3.1', '@lager/shared': '2.1.0', axios: '1.21.1' };

test('a remote built against the versions the shell provides has nothing unmet', () => {
  expect(
    unmetRequirements(
      { react: '^19.3.1', 'react/jsx-runtime': '^19.3.1', 'react-dom/client': '^19.0.0', '@lager/shared': '^2.1.0' },
      PROVIDES,
    ),
  ).toEqual([]);
});

test('an incompatible singleton is unmet, named once per package with the range and the provided version', () => {
  expect(
    unmetRequirements(
      { react: '^20.0.0', 'react/jsx-runtime': '^20.0.0', '@lager/shared/testing': '~2.0.0' },
      PROVIDES,
    ),
  ).toEqual([
    { package: 'react', required: '^20.0.0', provided: '19.3.1' },
    { package: '@lager/shared', required: '~2.0.0', provided: '2.1.0' },
  ]);
});

test('a package the shell does not provide is the remote’s own business', () => {
  expect(unmetRequirements({ 'left-pad': '^9.0.0' }, PROVIDES)).toEqual([]);
});

test('an unparsable range counts as unmet', () => {
  for (const required of ['latest', 'workspace:*', 'not a range', '^19.3.1.4', '>>19']) {
    expect(unmetRequirements({ react: required }, PROVIDES)).toEqual([
      { package: 'react', required, provided: '19.3.1' },
    ]);
  }
  // A manifest is JSON from the network: a range that is not a string is unmet too, not a crash.
  expect(unmetRequirements({ react: 19 as unknown as string }, PROVIDES)).toHaveLength(1);
});

/** The shell provides released versions (its installed packages); deploy and run time agree on every range for them. */
const VERSIONS = [
  '19.3.1',
  '19.0.0',
  '18.3.1',
  '20.0.0',
  '2.1.0',
  '1.21.1',
  '0.0.0',
  '0.0.1',
  '0.1.0',
  '0.2.3',
  '1.2.3',
  '1.3.0',
];
/** A shell that provided a prerelease (say a React canary): see the known differences below. */
const PRERELEASES = ['1.0.0-rc.1', '2.0.0-rc.1', '19.3.1-canary.1', '20.0.0-beta.2', '19.0.0-rc.1', '1.2.0-rc.1'];
const RANGES = [
  // caret, tilde, x ranges, as package.json writes them
  '^19.3.1',
  '^19.0.0',
  '^20.0.0',
  '^19.3',
  '^19.x',
  '^19',
  '^0.1.0',
  '^0.0.1',
  '~19.3.0',
  '~19.3',
  '~0',
  '~1.2.3',
  '~> 1.2.3',
  '19.x',
  '19.3.*',
  '1.2.x',
  '19',
  '*',
  'x',
  '',
  // comparators, hyphen ranges, ||
  '19.3.1',
  '=19.3.1',
  'v19.3.1',
  '>=19.0.0',
  '>= 19.3.1',
  '>19.3.1',
  '<20.0.0',
  '<=19.3.1',
  '>1.2',
  '<1.2',
  '>=18 <20',
  '>=19.3.1 <19.3.1',
  '1.2.3 - 2.3.4',
  '1.2 - 2',
  '^18 || ^19',
  '^17 || >=20',
  '^19.3.1 ||',
  // prerelease bounds
  '^2.0.0-rc.0',
  '>=1.0.0-rc.1',
  '=1.0.0-rc.1',
  '<20.0.0-0',
  '^19.3.1-canary.0',
  '>1.0.0-rc',
  // not a range
  'latest',
  'workspace:*',
  '^19.3.1.4',
];

const met = (version: string, range: string) => unmetRequirements({ react: range }, { react: version }).length === 0;
const npm = (version: string, range: string) => npmSatisfies(version, range, { includePrerelease: true });

test.each(RANGES)('range %j: the same answer as npm semver (includePrerelease) for every released version', (range) => {
  for (const version of VERSIONS) {
    expect({ version, range, met: met(version, range) }).toEqual({ version, range, met: npm(version, range) });
  }
});

/**
 * Where the two differ, only when the shell provides a prerelease: npm semver's `includePrerelease`
 * lets a partial bound (`>=19`, `^19`, `1.2.x`) admit the prereleases of its first version, runtime-core
 * does not; and runtime-core orders prerelease identifiers of unequal count or kind otherwise
 * (`1.0.0-rc` after `1.0.0-rc.1`). Run time then refuses what deploy would publish (the footer names the
 * mismatch), except `>1.0.0-rc` below. The federation runtime checks its own singletons with the same
 * function.
 */
const KNOWN_DIFFERENCES = [
  ['^19.x', '19.0.0-rc.1'],
  ['^19', '19.0.0-rc.1'],
  ['19.x', '19.0.0-rc.1'],
  ['1.2.x', '1.2.0-rc.1'],
  ['19', '19.0.0-rc.1'],
  ['^18 || ^19', '19.0.0-rc.1'],
  ['1.2 - 2', '1.2.0-rc.1'],
  ['^17 || >=20', '20.0.0-beta.2'],
  ['>1.0.0-rc', '1.0.0-rc.1'],
].map(([range, version]) => `${range} @ ${version}`);

test('for a prerelease the shell provides, npm semver and the run-time check differ only where known', () => {
  const differences = RANGES.flatMap((range) =>
    PRERELEASES.filter((version) => met(version, range) !== npm(version, range)).map(
      (version) => `${range} @ ${version}`,
    ),
  );
  expect(differences.sort()).toEqual([...KNOWN_DIFFERENCES].sort());
});
