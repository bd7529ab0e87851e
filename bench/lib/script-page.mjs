/**
 * Web code measured in Chromium without the app around it: modules of the repo bundled with
 * esbuild for the browser, loaded into an empty page on an origin of its own (IndexedDB and the
 * like need one).
 */
import { build } from 'esbuild';

/** An IIFE bundle of `source` (import/export lines resolved from the repo root) as `window[globalName]`. */
export async function browserBundle(repoRoot, source, globalName, { minify = false } = {}) {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    minify,
    format: 'iife',
    globalName,
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** A new context with an empty page at http://`host`/ that has loaded `script`; close the context when done. */
export async function scriptPage(browser, host, script) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(`http://${host}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>${host}</title>` }),
  );
  await page.goto(`http://${host}/`);
  await page.addScriptTag({ content: script });
  return { context, page };
}
