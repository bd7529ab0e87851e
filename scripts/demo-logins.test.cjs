const fs = require('node:fs');
const path = require('node:path');
const demo = require('./demo-logins.cjs');

// The summary `npm start` prints must name the logins the API really seeds, with their password.
test('the printed demo logins are the ones the API seeds', () => {
  const seed = fs.readFileSync(path.join(__dirname, '..', 'api', 'src', 'seed-demo-data.ts'), 'utf8');
  const seeded = [...seed.matchAll(/person\('[^']+', '([^']+)'/g)].map((m) => m[1]);
  expect(demo.logins.map((l) => l.email)).toEqual(seeded);
  expect(seed).toContain(`const DEMO_PASSWORD = '${demo.password}';`);
});
