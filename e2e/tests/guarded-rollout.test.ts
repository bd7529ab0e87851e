import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { registerUser, type TestUser, waitForPath } from '../support/actions';
import { expectAxeClean } from '../support/axe';
import { describeInBrowser, newSession, type Session, withArtifacts } from '../support/browser';
import { deployCli, hashShellBuild, makeDeployDir, newSection, removeSection } from '../support/deploy';
import { eventually, expectCount, expectTextContaining } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { readOutbox, repoRoot } from '../support/stack';

/**
 * Issue 24 §6 end to end: built apps, the real API, Chromium. A section made with `new-section`
 * (public page) is deployed in three versions: 1.0.0 stable, 2.0.0 whose page throws on every third
 * page (`?n=3, 6, …`), 3.0.0 healthy. The guard runs as `npm run rollout:guard` does, as a child
 * process, looking every second. A driver opens pages as fresh anonymous visitors (a new rollout
 * id each), so the shell's telemetry reaches the API from real browsers. 2.0.0 is rolled back by
 * the guard alone; 3.0.0 walks 25 % → 50 % → promoted, with the guard killed and started again
 * between the steps. The Releases section, shipped by deploy + rollout like any section, shows it.
 */
const TOKEN = 'e2e-guard-operator-token-0123456789abcdef';
const OPERATOR = 'releases-operator@example.com';
const FIXTURE = 'remote-guarded';
const TITLE = 'Wächtertest';
const BROKEN_MESSAGE = 'Guard fixture: this version breaks every third page';
/** The Releases page picture in the README (rewritten by this test with UPDATE_SCREENSHOTS=1). */
const README_PICTURE = path.join(repoRoot, 'docs', 'screenshots', 'releases-1280.png');

/**
 * The template's page as `new-section` wrote it; `broken` adds one line: every third page
 * (`?n=3, 6, …`) throws while rendering (a render error the section's boundary catches).
 */
function fixturePage(template: string, broken: boolean): string {
  const render = '  const { t } = useTranslation(NS);\n';
  if (!template.includes(render)) throw new Error('the section template changed: adapt the fixture');
  const check = `  if (${broken} && Number(new URLSearchParams(window.location.search).get('n') ?? 1) % 3 === 0) {
    throw new Error(${JSON.stringify(BROKEN_MESSAGE)});
  }
`;
  return template.replace(render, render + check);
}

interface HistoryLine {
  action?: string;
  command?: string;
  remote: string;
  version?: string;
  percent?: number;
  reason?: string;
  at: string;
}

describeInBrowser('guarded rollout: measured in real browsers, rolled back or promoted by the guard', () => {
  let deployDir: string;
  let fixtureDir: string;
  let shellBuildHash: string;
  let operator: TestUser;
  let guard: ChildProcess | undefined;
  const guardLog: string[] = [];

  const cli = (script: string, ...args: string[]) => deployCli(deployDir, script, ...args);
  const manifest = () =>
    JSON.parse(fs.readFileSync(path.join(deployDir, 'rollout.json'), 'utf8')) as {
      remotes: Record<string, { stable: { version: string }; canary?: { version: string; percent: number } }>;
    };
  const history = (version?: string): HistoryLine[] =>
    fs
      .readFileSync(path.join(deployDir, 'rollout-history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as HistoryLine)
      .filter((h) => h.remote === FIXTURE && (!version || h.version === version));

  /** `npm run rollout:guard -- --interval 1s` against this stack's API, with its token and outbox. */
  function startGuard() {
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'scripts/rollout-guard.cjs'), '--interval', '1s', '--target-dir', deployDir],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          LAGER_API_URL: stack.api.url,
          LAGER_OPERATOR_TOKEN: TOKEN,
          OPERATOR_EMAILS: OPERATOR,
          DATA_DIR: stack.dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (c) => guardLog.push(String(c).trim()));
    guard = child;
    return child;
  }

  function stopGuard(signal: NodeJS.Signals) {
    const child = guard;
    guard = undefined;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /**
   * Opens fixture pages as fresh anonymous visitors (a new `lager:rollout-id` per page load) in a
   * few tabs side by side, each left for about:blank so the shell sends its beacon (pagehide), until
   * `done()` holds or `maxPages` pages were opened. Returns the pages per version seen.
   */
  async function drive(b: Browser, done: () => boolean, maxPages: number) {
    const seen: Record<string, { pages: number; failed: number }> = {};
    let opened = 0;
    const tab = async () => {
      const context = await b.newContext({ locale: 'de-DE', serviceWorkers: 'block' });
      await context.addInitScript(() => {
        try {
          const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (x) => x.toString(16).padStart(2, '0'));
          window.localStorage.setItem('lager:rollout-id', id.join(''));
        } catch {
          // about:blank has no storage.
        }
      });
      const page = await context.newPage();
      try {
        while (!done() && opened < maxPages) {
          opened += 1;
          await page.goto(`${stack.shell.url}/guarded?n=${opened}`);
          const failed = page.getByText('Bereich nicht verfügbar');
          await page.getByRole('heading', { level: 1, name: TITLE }).or(failed).first().waitFor({ timeout: 20_000 });
          const sections = await page.evaluate(() => document.documentElement.dataset.lagerSections ?? '');
          const version = /remote-guarded@([^;,]+)/.exec(sections)?.[1] ?? 'unknown';
          seen[version] ??= { pages: 0, failed: 0 };
          seen[version].pages += 1;
          if (await failed.count()) seen[version].failed += 1;
          await page.goto('about:blank');
        }
      } finally {
        await context.close();
      }
    };
    await Promise.all([tab(), tab(), tab(), tab()]);
    return { opened, seen };
  }

  /** A browser profile logged in as `user` (session cookies from the API client). */
  async function sessionOf(user: TestUser, width = 1280): Promise<Session> {
    // No service worker: every script the page loads is a response this test can read.
    const s = await newSession(browser, { width, serviceWorkers: 'block' });
    await s.context.addCookies(user.api.cookieList().map((c) => ({ ...c, url: stack.shell.url })));
    return s;
  }

  beforeAll(async () => {
    deployDir = makeDeployDir('lager-guarded-e2e-');
    fixtureDir = await newSection('guarded', '--access', 'public', '--title-de', TITLE, '--title-en', 'Guard test');
    const routes = path.join(fixtureDir, 'src/app/GuardedRoutes.tsx');
    const template = fs.readFileSync(routes, 'utf8');
    fs.writeFileSync(routes, fixturePage(template, false));
    await cli('deploy.mjs', FIXTURE, '--version', '1.0.0', '--dir', fixtureDir);
    // The same healthy build again as 3.0.0 (one build less); 2.0.0 breaks every third page.
    await cli('deploy.mjs', FIXTURE, '--version', '3.0.0', '--from', path.join(deployDir, FIXTURE, '1.0.0'));
    fs.writeFileSync(routes, fixturePage(template, true));
    await cli('deploy.mjs', FIXTURE, '--version', '2.0.0', '--dir', fixtureDir);
    await cli('rollout.mjs', 'rollout', FIXTURE, '1.0.0', '--percent', '100');
    // The Releases section arrives like any team's section: deploy + rollout, no shell build.
    await cli('deploy.mjs', 'remote-releases', '--version', '1.0.0');
    await cli('rollout.mjs', 'rollout', 'remote-releases', '1.0.0', '--percent', '100');
  }, 300_000);
  useStackAndBrowser(() => ({
    deployDir,
    withoutRemotes: ['remote-releases'],
    apiEnv: {
      OPERATOR_EMAILS: OPERATOR,
      LAGER_OPERATOR_TOKEN: TOKEN,
      // Every page of the driver comes through the shell's proxy from 127.0.0.1: the per-address
      // ceilings and the "busiest client" rule (issue 37) would take all of them for one script.
      TELEMETRY_BATCHES_PER_MINUTE: '100000',
      TELEMETRY_PAGES_PER_MINUTE: '100000',
      TELEMETRY_PERSON_PAGES_PER_MINUTE: '100000',
    },
  }));
  beforeAll(async () => {
    shellBuildHash = hashShellBuild();
    operator = await registerUser(stack, { email: OPERATOR, name: 'Olga Operator' });
  }, 60_000);
  afterAll(async () => {
    await stopGuard('SIGTERM');
    // What the guard said and decided, for a failed run (e2e/artifacts is not committed).
    const artifacts = path.join(repoRoot, 'e2e', 'artifacts');
    fs.mkdirSync(artifacts, { recursive: true });
    fs.writeFileSync(path.join(artifacts, 'guarded-rollout-guard.log'), guardLog.join('\n'));
    const historyFile = deployDir && path.join(deployDir, 'rollout-history.jsonl');
    if (historyFile && fs.existsSync(historyFile)) {
      fs.copyFileSync(historyFile, path.join(artifacts, 'guarded-rollout-history.jsonl'));
    }
    if (deployDir) fs.rmSync(deployDir, { recursive: true, force: true });
    if (fixtureDir) removeSection(fixtureDir);
  });

  /** The words inside `selector`'s cells that the browser broke across two lines (runs in the page). */
  function brokenWords(selector: string): string[] {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll(`${selector} td, ${selector} th`)) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const word of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  }

  test('a canary that breaks every third page is rolled back by the guard alone, the reason names the error rates', async () => {
    const started = Date.now();
    const { stdout } = await cli(
      'rollout.mjs',
      'rollout',
      FIXTURE,
      '2.0.0',
      '--guarded',
      '--steps',
      '50,100',
      '--window',
      '2s',
      // Enough pages a side for the sequential test to see a third of pages failing (about 60 a
      // side at 50 %): with fewer, the step's window and page count are met first and it advances.
      '--min-pages',
      '150',
    );
    expect(stdout).toMatch(/remote-guarded/);
    expect(manifest().remotes[FIXTURE]?.canary).toMatchObject({ version: '2.0.0', percent: 50 });
    startGuard();
    const rolledBack = () => !manifest().remotes[FIXTURE]?.canary;
    const { opened, seen } = await drive(browser, rolledBack, 600);
    await eventually(() => expect(rolledBack()).toBe(true), { timeout: 30_000 });
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `guarded rollout: automatic rollback after ${seconds.toFixed(1)} s and ${opened} pages (${JSON.stringify(seen)})`,
    );
    // The broken version failed on about a third of its pages in the browser; the stable one never.
    expect(seen['2.0.0']?.failed).toBeGreaterThan(0);
    expect(seen['1.0.0']?.failed ?? 0).toBe(0);

    expect(manifest().remotes[FIXTURE]).toMatchObject({ stable: { version: '1.0.0' } });
    const line = history().find((h) => h.action === 'auto-rollback');
    expect(line).toMatchObject({ command: 'auto-rollback', version: '2.0.0' });
    expect(line?.reason).toMatch(
      /^error rate \d+\.\d % vs 0\.0 % \(difference \d+\.\d points, 95 % CI -?\d+\.\d–\d+\.\d\) over \d+ vs \d+ pages$/,
    );
    // The operators heard of it (the guard's mail, written to the API's outbox here).
    await eventually(() =>
      expect(readOutbox(stack, OPERATOR).some((m) => m.text.includes('auto-rollback'))).toBe(true),
    );
    expect(hashShellBuild()).toBe(shellBuildHash);
  }, 300_000);

  test('the Releases page (operators only) shows the rollback, its reason and the top error; charts load only there', async () => {
    const s = await sessionOf(operator);
    await withArtifacts('releases page after rollback', [s], async () => {
      /** The section's scripts in the order the page asked for them, with their size as served. */
      const scripts = new Map<string, number>();
      s.page.on('requestfinished', async (request) => {
        if (!/\/remote-releases\/1\.0\.0\/.*\.js$/.test(request.url())) return;
        scripts.set(request.url(), 0);
        const sizes = await request.sizes().catch(() => undefined);
        scripts.set(request.url(), sizes?.responseBodySize ?? 0);
      });
      const bytes = (urls: string[]) => urls.reduce((sum, url) => sum + (scripts.get(url) ?? 0), 0);
      await s.page.goto(`${stack.shell.url}/dashboard`);
      await s.page.getByRole('main').getByRole('heading', { level: 2, name: 'Releases' }).waitFor();
      await s.page.getByRole('banner').getByRole('link', { name: 'Releases', exact: true }).click();
      await waitForPath(s.page, '/releases');
      const row = s.page.getByRole('row', { name: /remote-guarded/ });
      await row.waitFor();
      await eventually(async () =>
        expect((await row.getByRole('cell').allTextContents()).slice(0, 2)).toEqual(['1.0.0', 'kein Canary']),
      );
      const overview = [...scripts.keys()];

      await row.getByRole('link', { name: 'Details zu remote-guarded' }).click();
      await waitForPath(s.page, '/releases/remote-guarded');
      const historyItems = s.page.getByRole('region', { name: 'Verlauf' }).getByRole('listitem');
      await historyItems.first().waitFor();
      const newest = (await historyItems.first().textContent()) ?? '';
      expect(newest).toContain('Automatisch zurückgenommen · 2.0.0 · von rollout-guard');
      expect(newest).toMatch(/error rate \d+\.\d % vs 0\.0 %/);
      const top = s.page.getByRole('region', { name: 'Häufigste Fehler 2.0.0' });
      await expectTextContaining(top, `Darstellungsfehler: Error: ${BROKEN_MESSAGE}`);
      const health = s.page.getByRole('table', { name: /Fehlerrate mit 95-%-Konfidenzintervall/ });
      await expectCount(health.getByRole('row', { name: /^2\.0\.0/ }), 1);
      // The charts: their own chunk, fetched on this page only, drawn as two labelled canvases.
      await expectCount(s.page.getByRole('img', { name: /Fehlerrate je Version/ }), 1);
      await expectCount(s.page.getByRole('img', { name: /LCP p75 je Version/ }), 1);
      await s.page.evaluate(() => document.fonts.ready);
      // The README's picture, rewritten on request like the screenshot baselines (UPDATE_SCREENSHOTS=1).
      const picture = process.env.UPDATE_SCREENSHOTS
        ? README_PICTURE
        : path.join(repoRoot, 'e2e/artifacts/releases-1280.png');
      fs.mkdirSync(path.dirname(picture), { recursive: true });
      await s.page.screenshot({ path: picture, fullPage: true });
      // Only a section's page fetched the chart code: scripts the overview never asked for.
      const charts = [...scripts.keys()].filter((url) => !overview.includes(url));
      expect(charts.length).toBeGreaterThan(0);
      // Accessible (axe) and usable at 375 px (guarded-rollout spec §4): nothing wider than the screen.
      await expectAxeClean(s.page, 'main');
      await s.page.setViewportSize({ width: 375, height: 800 });
      await expectCount(s.page.getByRole('img', { name: /Fehlerrate je Version/ }), 1);
      await eventually(async () =>
        expect(
          await s.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0),
      );
      await expectAxeClean(s.page, 'main');
      // At 375 px the tables wrap words whole (was "not guarde/d"): no word of a cell spans two lines.
      await eventually(async () => expect(await s.page.evaluate(brokenWords, '.releases-table')).toEqual([]));
      await s.page.goto(`${stack.shell.url}/releases`);
      await s.page.getByRole('row', { name: /remote-guarded/ }).waitFor();
      await eventually(async () => expect(await s.page.evaluate(brokenWords, '.releases-table')).toEqual([]));
      console.log(
        `remote-releases scripts: ${bytes(overview)} bytes (${overview.length} files) for the dashboard card and /releases; a section's page adds ${bytes(charts)} bytes (${charts.map((u) => path.basename(u)).join(', ')})`,
      );
      expect(s.errors).toEqual([]);
    });
  }, 120_000);

  test('nobody else sees it: no link or card for another user, /releases sends them away; logged out goes to login', async () => {
    const other = await registerUser(stack, { prefix: 'notoperator' });
    const s = await sessionOf(other);
    await withArtifacts('releases hidden', [s], async () => {
      await s.page.goto(`${stack.shell.url}/dashboard`);
      await s.page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      await s.page.waitForLoadState('networkidle');
      await expectCount(s.page.getByRole('banner').getByRole('link', { name: 'Releases', exact: true }), 0);
      await s.page.goto(`${stack.shell.url}/releases`);
      await waitForPath(s.page, '/dashboard');
      // The API refuses them too.
      expect((await other.api.get('/api/releases')).status).toBe(403);
    });
    const anonymous = await newSession(browser);
    await withArtifacts('releases logged out', [anonymous], async () => {
      await anonymous.page.goto(`${stack.shell.url}/releases`);
      await waitForPath(anonymous.page, '/login?next=%2Freleases');
    });
  }, 120_000);

  test('a healthy canary walks every step and is promoted; a guard killed after a step and started again goes on from there', async () => {
    await cli(
      'rollout.mjs',
      'rollout',
      FIXTURE,
      '3.0.0',
      '--guarded',
      '--steps',
      '25,50,100',
      '--window',
      '4s',
      '--min-pages',
      '5',
    );
    if (!guard) startGuard();
    const percent = () => manifest().remotes[FIXTURE]?.canary?.percent;
    const firstStep = drive(browser, () => percent() !== 25, 600);
    // The moment it advanced: killed without a chance to clean up (its lease stays behind, owned by
    // a dead process), well inside the next step's window.
    await eventually(() => expect(percent()).toBe(50), { timeout: 240_000, interval: 25 });
    await stopGuard('SIGKILL');
    await firstStep;
    expect(manifest().remotes[FIXTURE]?.canary).toMatchObject({ version: '3.0.0', percent: 50 });
    startGuard();
    const promoted = () => manifest().remotes[FIXTURE]?.stable.version === '3.0.0';
    await drive(browser, promoted, 600);
    await eventually(() => expect(promoted()).toBe(true), { timeout: 30_000 });

    expect(manifest().remotes[FIXTURE]?.canary).toBeUndefined();
    const decisions = history('3.0.0')
      .filter((h) => h.action && h.action !== 'guard-wait')
      .map((h) => [h.action ?? h.command, h.percent]);
    // One advance (25 → 50 %), then the promotion: no step repeated or skipped across the restart.
    expect(decisions).toEqual([
      ['guard-advance', 50],
      ['auto-promote', undefined],
    ]);
    expect(history('3.0.0').find((h) => h.action === 'auto-promote')?.reason).toMatch(
      /^step 2 of 3 \(50 %\) healthy: error rate 0\.0 % vs 0\.0 % over \d+ vs \d+ pages$/,
    );
    expect(hashShellBuild()).toBe(shellBuildHash);
  }, 300_000);

  test('a real page whose error message has an emoji at character 200 is counted (issue 37)', async () => {
    // "Error: " + 192 letters = 199 characters, then 😀 (two UTF-16 units): the old collector cut
    // between them, and PostgreSQL's jsonb (PGlite's too) refused the whole batch with 503.
    const message = `${'x'.repeat(192)}😀 beyond the cut`;
    const summary = async () => {
      const res = await fetch(`${stack.api.url}/api/telemetry/summary?remote=shell`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return (await res.json()) as {
        versions: { pages: number; error_pages: number; top_errors: { message: string }[] }[];
      };
    };
    const errorPages = async () => (await summary()).versions.reduce((sum, v) => sum + v.error_pages, 0);
    const before = await errorPages();
    const s = await newSession(browser, { serviceWorkers: 'block' });
    await withArtifacts('emoji at character 200', [s], async () => {
      await s.page.goto(`${stack.shell.url}/guarded`);
      await s.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await s.page.evaluate((text) => {
        void Promise.reject(new Error(text));
      }, message);
      // Leaving the page sends the beacon (pagehide).
      await s.page.goto('about:blank');
    });
    await eventually(async () => expect(await errorPages()).toBe(before + 1), { timeout: 15_000 });
    const messages = (await summary()).versions.flatMap((v) => v.top_errors.map((e) => e.message));
    expect(messages).toContain(`Error: ${'x'.repeat(192)}`);
  }, 60_000);
});
