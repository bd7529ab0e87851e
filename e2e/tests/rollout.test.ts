import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, type Session, withArtifacts } from '../support/browser';
import { deployCli, hashShellBuild, makeDeployDir } from '../support/deploy';
import { expectCount } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { repoRoot, type Stack } from '../support/stack';

/**
 * Issue 9 end to end: two real versioned builds of remote-info, a 50 % canary, fresh browser
 * profiles, a withdrawn canary and a rollback — with one shell build that never changes.
 */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Profiles are independent browser contexts: a few at a time keeps the journey short. */
async function inBatches<T>(items: T[], size: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map((item, i) => fn(item, start + i)));
  }
}

interface Seen {
  version: string;
  channel: string;
  /** Versions whose mf-manifest.json the page requested from the deployment. */
  requested: string[];
}

describeInBrowser('staged rollout of one section', () => {
  let deployDir: string;
  let shellBuildHash: string;
  const profiles: ({ state: StorageState; first: Seen } | undefined)[] = [];

  const cli = (script: string, ...args: string[]) => deployCli(deployDir, script, ...args);

  /** The stack's deployment server (scripts/stack.cjs serves `deployDir` there). */
  const deploymentUrl = () => (stack as Stack & { deployment: { url: string } }).deployment.url;

  async function openProfile(state?: StorageState): Promise<Session> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'de-DE',
      storageState: state,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    return { context, page, errors };
  }

  /** Loads (or reloads) /info and reports which remote-info version the page runs. */
  async function visitInfo(page: Page, reload = false): Promise<Seen> {
    const requested: string[] = [];
    const onRequest = (r: { url: () => string }) => {
      const match = r.url().match(/\/remote-info\/([^/]+)\/mf-manifest\.json$/);
      if (match?.[1] && r.url().startsWith(deploymentUrl())) requested.push(match[1]);
    };
    page.on('request', onRequest);
    if (reload) await page.reload();
    else await page.goto(`${stack.shell.url}/info`);
    await page.getByRole('heading', { level: 2, name: 'Datenschutzerklärung' }).waitFor();
    page.off('request', onRequest);
    await expectCount(page.getByText('Bereich nicht verfügbar'), 0);
    const sections = await page.evaluate(() => document.documentElement.dataset.lagerSections ?? '');
    const [, version = '', channel = ''] = sections.match(/remote-info@([^;,]+);(\w+)/) ?? [];
    return { version, channel, requested };
  }

  beforeAll(async () => {
    deployDir = makeDeployDir('lager-deploy-e2e-');
    // Two real builds of the same remote, published side by side as immutable folders.
    await cli('deploy.mjs', 'remote-info', '--version', '1.0.0');
    await cli('deploy.mjs', 'remote-info', '--version', '2.0.0');
    await cli('rollout.mjs', 'promote', 'remote-info', '1.0.0');
    await cli('rollout.mjs', 'rollout', 'remote-info', '2.0.0', '--percent', '50');
    shellBuildHash = hashShellBuild();
  }, 180_000);
  // The rollout journeys only need the public info pages: without the API server (still being
  // built in api/), a logged-out stand-in answers.
  useStackAndBrowser(() => ({ deployDir, apiStub: !fs.existsSync(path.join(repoRoot, 'api/src/server.ts')) }));
  afterAll(() => {
    if (deployDir) fs.rmSync(deployDir, { recursive: true, force: true });
  });

  test('a published version is immutable: deploying it again is refused', async () => {
    await expect(cli('deploy.mjs', 'remote-info', '--version', '2.0.0')).rejects.toMatchObject({
      stderr: expect.stringMatching(/remote-info 2\.0\.0 is already published/),
    });
    const mf = JSON.parse(fs.readFileSync(path.join(deployDir, 'remote-info/2.0.0/mf-manifest.json'), 'utf8'));
    expect(mf.metaData.buildInfo.buildVersion).toBe('2.0.0');
    const res = await fetch(`${deploymentUrl()}/remote-info/2.0.0/mf-manifest.json`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const manifest = await fetch(`${deploymentUrl()}/rollout.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${deploymentUrl()}/rollout-history.jsonl`)).status).toBe(404);
  });

  test('canary at 50 %: 20 fresh profiles see both versions, each keeps its version on reload', async () => {
    await inBatches([...Array(20).keys()], 4, async (i) => {
      const session = await openProfile();
      await withArtifacts(`rollout profile ${i}`, [session], async () => {
        const first = await visitInfo(session.page);
        expect(first.requested).toEqual([first.version]);
        expect(first.channel).toBe(first.version === '2.0.0' ? 'canary' : 'stable');
        const again = await visitInfo(session.page, true);
        expect(again.version).toBe(first.version);
        expect(session.errors).toEqual([]);
        profiles[i] = { state: await session.context.storageState(), first };
      });
    });
    const counts = { v1: profiles.filter((p) => p?.first.version === '1.0.0').length, v2: 0 };
    counts.v2 = profiles.length - counts.v1;
    console.log(`rollout 50 %: ${counts.v1} profiles on 1.0.0, ${counts.v2} on 2.0.0`);
    expect(counts.v1).toBeGreaterThan(0);
    expect(counts.v2).toBeGreaterThan(0);
  }, 240_000);

  test('v2 folder deleted: the v2 profiles fall back to v1 without an error screen', async () => {
    expect(profiles.filter(Boolean)).toHaveLength(20);
    fs.rmSync(path.join(deployDir, 'remote-info/2.0.0'), { recursive: true });
    await inBatches(profiles, 4, async (profile, i) => {
      const session = await openProfile(profile!.state);
      await withArtifacts(`fallback profile ${i}`, [session], async () => {
        const seen = await visitInfo(session.page);
        expect(seen.version).toBe('1.0.0');
        if (profile!.first.version === '2.0.0') {
          expect(seen.channel).toBe('fallback');
          // It tried its canary first, then loaded stable in the same page load.
          expect(seen.requested).toEqual(['2.0.0', '1.0.0']);
        } else {
          expect(seen.channel).toBe('stable');
          expect(seen.requested).toEqual(['1.0.0']);
        }
        expect(session.errors).toEqual([]);
      });
    });
  }, 240_000);

  test('rollback returns everyone to v1 without touching the shell build', async () => {
    const { stdout } = await cli('rollout.mjs', 'rollback', 'remote-info');
    expect(stdout).toMatch(/remote-info: stable 1\.0\.0 \(/);
    const remotes = (await (await fetch(`${stack.shell.url}/remotes.json`)).json()) as {
      remotes: Record<string, { stable: { version: string }; canary?: unknown }>;
    };
    expect(remotes.remotes['remote-info']).toMatchObject({ stable: { version: '1.0.0' } });
    expect(remotes.remotes['remote-info']!.canary).toBeUndefined();
    await inBatches(profiles, 4, async (profile, i) => {
      const session = await openProfile(profile!.state);
      await withArtifacts(`rollback profile ${i}`, [session], async () => {
        const seen = await visitInfo(session.page);
        expect([seen.version, seen.channel, seen.requested]).toEqual(['1.0.0', 'stable', ['1.0.0']]);
      });
    });
    expect(hashShellBuild()).toBe(shellBuildHash);
    const history = fs
      .readFileSync(path.join(deployDir, 'rollout-history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).command);
    expect(history).toEqual(['promote', 'rollout', 'rollback']);
  }, 240_000);

  test('npm start serves a deployment directory made after it started, at the next page load (issue 38)', async () => {
    const { startNpmStack } = require('../../scripts/stack.cjs') as {
      startNpmStack: (
        options: Record<string, unknown>,
      ) => Promise<{ shell: { url: string }; stop: () => Promise<void> }>;
    };
    const later = path.join(makeDeployDir('lager-deploy-later-'), '.deploy');
    const dataDir = makeDeployDir('lager-npm-start-');
    const ports = { shell: 0, api: 0, deploy: 0, ...Object.fromEntries(Object.keys(stack.remotes).map((r) => [r, 0])) };
    const started = await startNpmStack({ deployDir: later, dataDir, ports, apiStub: true, quietApi: true });
    try {
      expect(fs.existsSync(later)).toBe(false);
      const served = async () =>
        (
          (await (await fetch(`${started.shell.url}/remotes.json`)).json()) as {
            remotes: Record<string, { stable: { entry: string; version: string } }>;
          }
        ).remotes['remote-info']?.stable;
      expect((await served())?.version).toBe('local');
      // `npm run deploy` after the start: the next load names the deployed version.
      fs.cpSync(deployDir, later, { recursive: true });
      expect((await served())?.version).toBe('1.0.0');
    } finally {
      await started.stop();
      fs.rmSync(path.dirname(later), { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
