const fs = require('node:fs');
const path = require('node:path');
const { remoteNames } = require('../deployment/federation-apps.cjs');

// Issue 23 §3: the README's opening is the first thing a newcomer reads; it once kept saying "four
// sections" after the fifth arrived. It must name every section the stack serves, and count them.
const COUNTS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

test('the README opening names every section and says how many there are', () => {
  const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const opening = readme.split('\n## ')[0];
  expect(remoteNames.filter((name) => !opening.includes(`\`${name}\``))).toEqual([]);
  expect(opening).toMatch(new RegExp(`\\b${COUNTS[remoteNames.length - 1]}\\b[^.]*\\bsections\\b`));
});
