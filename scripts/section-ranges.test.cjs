const fs = require('node:fs');
const path = require('node:path');
const semver = require('semver');
const { remoteNames } = require('../deployment/federation-apps.cjs');

const root = path.join(__dirname, '..');
const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/**
 * What each version of @lager/shared (shared/CHANGELOG.md) first offered that a section's
 * section.json may lean on. A section using it must require at least that version: a shell with an
 * older shared would mount it and fail (an unknown slot skips the section; `"permission":
 * "operator"` is never granted, so its route and card stay hidden for the operators too).
 */
const FIRST_IN = [
  { uses: (section) => Boolean(section.slots?.outbox), since: '2.1.0', what: 'the outbox slot' },
  {
    uses: (section) => JSON.stringify(section).includes('"permission":"operator"'),
    since: '2.2.0',
    what: 'the operator permission',
  },
];

test('shared is released with what its sections use, and every section requires the version that brought it', () => {
  const shared = read('shared/package.json').version;
  for (const name of remoteNames) {
    const section = read(`${name}/section.json`);
    const range = read(`${name}/package.json`).dependencies['@lager/shared'];
    expect([name, semver.satisfies(shared, range)]).toEqual([name, true]);
    for (const rule of FIRST_IN.filter((r) => r.uses(section))) {
      expect(`${name} (${rule.what}): ${semver.gte(semver.minVersion(range), rule.since)}`).toBe(
        `${name} (${rule.what}): true`,
      );
    }
  }
});
