/**
 * Each remote's production build served alone (its own origin, no shell): the standalone page
 * (`index.html`, the `standalone` environment of rsbuild.config.ts) must show the section with
 * its own runtime and libraries, without a page error and without loading anything federated.
 */
import fs from 'node:fs';
import path from 'node:path';
import { newContext } from './browser.mjs';

export async function measureStandalone(browser, { outDir, remotes, serveRemote }) {
  const result = {};
  for (const remote of remotes) {
    const dir = path.join(outDir, remote);
    const section = JSON.parse(fs.readFileSync(path.join(dir, 'section.json'), 'utf8'));
    const route = section.routes.find((r) => !r.path.includes(':'))?.path ?? '/';
    const server = await serveRemote(dir, 0);
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = [];
    const scripts = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    try {
      await page.goto(`${server.url}${route}`);
      const shown = await page
        .waitForFunction(() => (document.querySelector('#root')?.textContent ?? '').trim().length > 0, null, {
          timeout: 20_000,
        })
        .then(() => true)
        .catch(() => false);
      result[remote] = {
        route,
        shown,
        errors,
        scripts: scripts.length,
        // The standalone page never loads the federation build (remote entry, exposed chunks).
        federatedScripts: scripts.filter((s) => !s.startsWith('/standalone/')).length,
      };
    } finally {
      await context.close();
      await server.stop();
    }
  }
  return result;
}
