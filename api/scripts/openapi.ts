/**
 * `npm run contract:openapi`: writes the API's OpenAPI document to contract/openapi.json.
 * Builds the app without listening (in-memory PGlite) and sorts every key, so the file only
 * changes when the contract does; `npm run contract:check` fails on any difference.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from '../src/app';

const OUT = resolve(__dirname, '../../contract/openapi.json');

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

async function main() {
  const app = await buildApp({ docs: true, appKey: 'openapi', logger: false });
  await app.ready();
  const document = app.swagger();
  await app.close();
  writeFileSync(OUT, `${JSON.stringify(sortKeys(document), null, 2)}\n`);
  console.log(`wrote ${OUT}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
