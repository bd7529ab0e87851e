const fs = require('node:fs');
const path = require('node:path');
const demo = require('./demo-logins.cjs');

// The summary `npm start` prints must name the logins the API really seeds, with their password.
test('the printed demo logins are the ones the API seeds', () => {
  const src = path.join(__dirname, '..', 'api', 'src');
  const users = fs.readFileSync(path.join(src, 'modules', 'auth', 'seed.ts'), 'utf8');
  const seeded = [...users.matchAll(/person\('[^']+', '([^']+)'/g)].map((m) => m[1]);
  expect(demo.logins.map((l) => l.email)).toEqual(seeded);
  const demoData = fs.readFileSync(path.join(src, 'demo-data.ts'), 'utf8');
  expect(demoData).toContain(`const DEMO_PASSWORD = '${demo.password}';`);
});
