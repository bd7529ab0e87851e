import type { Browser } from 'playwright-core';
import { describeInBrowser, launchBrowser, newSession, withArtifacts } from '../support/browser';
import { type Stack, startTestStack } from '../support/stack';

describeInBrowser('federation runtime', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startTestStack();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('/info is served by the info remote from its own origin', async () => {
    const session = await newSession(browser);
    await withArtifacts('info from remote origin', [session], async () => {
      const { page } = session;
      const manifestRequest = page.waitForRequest((r) => r.url().startsWith(stack.remotes['remote-info']!.url));
      await page.goto(`${stack.shell.url}/info`);
      expect((await manifestRequest).url()).toBe(`${stack.remotes['remote-info']!.url}/mf-manifest.json`);
      await page.getByRole('heading', { level: 2, name: 'Datenschutzerklärung' }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Info');
      expect(session.errors).toEqual([]);
    });
  });

  const SINGLETONS = [
    'react',
    'react-dom',
    'react-redux',
    '@reduxjs/toolkit',
    'i18next',
    'react-i18next',
    'react-router-dom',
    'axios',
    '@lager/shared',
  ];

  test('one copy of every shared singleton while the shell shows a remote', async () => {
    const session = await newSession(browser);
    await withArtifacts('singletons', [session], async () => {
      const { page } = session;
      await page.goto(`${stack.shell.url}/info/about`);
      await page.getByRole('heading', { level: 1, name: 'Über Lager' }).waitFor();
      // Every federation instance (shell and each loaded remote) lists the packages it uses;
      // one copy means every entry resolves to the very same module object.
      const copies = await page.evaluate((names) => {
        type Shared = { lib?: () => unknown; from: string; version: string };
        type ShareScopes = Record<string, Record<string, Record<string, Record<string, Shared>>>>;
        const share = (window as unknown as { __FEDERATION__: { __SHARE__: ShareScopes } }).__FEDERATION__.__SHARE__;
        const result: Record<string, { modules: number; providers: string[] }> = {};
        for (const name of names) {
          const modules = new Set<unknown>();
          const providers = new Set<string>();
          for (const scopes of Object.values(share)) {
            for (const packages of Object.values(scopes)) {
              for (const [version, shared] of Object.entries(packages[name] ?? {})) {
                if (!shared.lib) continue;
                modules.add(shared.lib());
                providers.add(`${version} from ${shared.from}`);
              }
            }
          }
          result[name] = { modules: modules.size, providers: [...providers] };
        }
        return result;
      }, SINGLETONS);
      for (const name of SINGLETONS) {
        expect([name, copies[name]!.modules]).toEqual([name, 1]);
        // The shell provides the singletons; remotes reuse them.
        expect([name, copies[name]!.providers]).toEqual([name, [expect.stringMatching(/from shell$/)]]);
      }
    });
  });

  test('a stopped remote shows the unavailable card; header, footer and other routes keep working; Retry recovers', async () => {
    const session = await newSession(browser, { locale: 'en-US' });
    await withArtifacts('dead remote', [session], async () => {
      const { page } = session;
      const info = stack.remotes['remote-info']!;
      await info.stop();
      try {
        await page.goto(`${stack.shell.url}/info`);
        await page.getByRole('heading', { name: 'Bereich nicht verfügbar' }).waitFor();
        await page.getByRole('banner').waitFor();
        await page.getByRole('contentinfo').getByRole('combobox').waitFor();
        // Another section still loads.
        await page.goto(`${stack.shell.url}/login`);
        await page.getByRole('banner').waitFor();
        expect(await page.getByText('Bereich nicht verfügbar').count()).toBe(0);
        // Back to the dead one, bring it up again and retry in place (no reload).
        await page.goto(`${stack.shell.url}/info`);
        await page.getByRole('button', { name: 'Erneut versuchen' }).waitFor();
        await info.restart();
        const navigations: string[] = [];
        page.on('framenavigated', (f) => navigations.push(f.url()));
        await page.getByRole('button', { name: 'Erneut versuchen' }).click();
        await page.getByRole('heading', { level: 2, name: 'Datenschutzerklärung' }).waitFor();
        expect(navigations).toEqual([]);
      } finally {
        await info.restart().catch(() => {});
      }
    });
  });
});
