import fs from 'node:fs';
import path from 'node:path';
import { createWarehouse, loginViaUi, pathOf, preferEnglish, registerUser, waitForPath } from '../support/actions';
import { describeInBrowser, newSession, withArtifacts } from '../support/browser';
import { eventually, expectCount, expectText } from '../support/eventually';
import { browser, stack, useStackAndBrowser } from '../support/pages';
import { repoRoot, serveRemote } from '../support/stack';

describeInBrowser('federation runtime', () => {
  useStackAndBrowser();

  test('/info is served by the info remote from its own origin', async () => {
    const session = await newSession(browser);
    await withArtifacts('info from remote origin', [session], async () => {
      const { page } = session;
      const manifestRequest = page.waitForRequest((r) => r.url().startsWith(stack.remotes['remote-info']!.url));
      await page.goto(`${stack.shell.url}/info`);
      expect((await manifestRequest).url()).toBe(`${stack.remotes['remote-info']!.url}/mf-manifest.json`);
      await page.getByRole('heading', { level: 2, name: 'Datenschutzerklärung' }).waitFor();
      await expectText(page.getByRole('heading', { level: 1 }), 'Info');
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
      await eventually(async () => {
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
  });

  test("each remote's production build served alone shows its section on its standalone page (no shell, nothing federated)", async () => {
    for (const remote of Object.keys(stack.remotes)) {
      const dir = path.join(repoRoot, remote, 'dist');
      const section = JSON.parse(fs.readFileSync(path.join(dir, 'section.json'), 'utf8')) as {
        routes: { path: string }[];
      };
      const route = section.routes.find((r) => !r.path.includes(':'))!.path;
      const alone = await serveRemote(dir, 0);
      const session = await newSession(browser);
      try {
        await withArtifacts(`${remote} standalone`, [session], async () => {
          const { page } = session;
          const scripts: string[] = [];
          page.on('request', (r) => {
            if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
          });
          await page.goto(`${alone.url}${route}`);
          await page.waitForFunction(() => (document.querySelector('#root')?.textContent ?? '').trim().length > 0);
          // The standalone environment's own bundle: no remote entry, no exposed chunk, no shell.
          expect([remote, scripts.filter((s) => !s.startsWith('/standalone/'))]).toEqual([remote, []]);
          expect([remote, session.errors]).toEqual([remote, []]);
        });
      } finally {
        await session.context.close();
        await alone.stop();
      }
    }
  });

  test('a stopped remote shows the unavailable card; header, footer and other routes keep working; Retry recovers', async () => {
    const session = await newSession(browser, { locale: 'en-US' });
    await withArtifacts('dead remote', [session], async () => {
      const { page } = session;
      const info = stack.remotes['remote-info']!;
      await info.stop();
      // A second restart of a running server would lose track of it (and keep Jest from exiting).
      let down = true;
      try {
        await page.goto(`${stack.shell.url}/info`);
        await page.getByRole('heading', { name: 'Bereich nicht verfügbar' }).waitFor();
        await page.getByRole('banner').waitFor();
        await page.getByRole('contentinfo').getByRole('combobox').waitFor();
        // Another section still loads.
        await page.goto(`${stack.shell.url}/login`);
        await page.getByRole('banner').waitFor();
        await expectCount(page.getByText('Bereich nicht verfügbar'), 0);
        // Back to the dead one, bring it up again and retry in place (no reload).
        await page.goto(`${stack.shell.url}/info`);
        await page.getByRole('button', { name: 'Erneut versuchen' }).waitFor();
        await info.restart();
        down = false;
        const navigations: string[] = [];
        page.on('framenavigated', (f) => navigations.push(f.url()));
        await page.getByRole('button', { name: 'Erneut versuchen' }).click();
        await page.getByRole('heading', { level: 2, name: 'Datenschutzerklärung' }).waitFor();
        expect(navigations).toEqual([]);
      } finally {
        if (down) await info.restart().catch(() => {});
      }
    });
  });

  test('journey 9: a logged-in user with the warehouse-admin server down keeps the header, the shell and the other sections; Retry after the restart loads it', async () => {
    const user = await registerUser(stack, { prefix: 'rosa', name: 'Rosa Resilient' });
    await createWarehouse(user, 'Depot Nine');
    // This journey is the federation runtime's answer to a section whose server is gone. The shell's
    // service worker (offline spec) serves a remote's files it cached on first use, so a section seen
    // before keeps working offline (offline.test.ts); here it must not hide the server being down.
    const session = await newSession(browser, { locale: 'en-US', serviceWorkers: 'block' });
    await preferEnglish(session.page);
    await withArtifacts('journey 9 resilience', [session], async () => {
      const { page } = session;
      const main = page.getByRole('main');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      const warehouseAdmin = stack.remotes['remote-warehouse-admin']!;
      await loginViaUi(page, stack, user, { language: 'en' });
      await warehouseAdmin.stop();
      let down = true;
      try {
        const openWarehouseAdmin = async () => {
          await nav.getByRole('link', { name: 'Admin' }).click();
          await main.getByRole('link', { name: 'Open Warehouse administration' }).click();
          await waitForPath(page, '/admin/warehouse');
          await main.getByRole('heading', { name: 'Section unavailable' }).waitFor();
        };
        await openWarehouseAdmin();
        // Every other part keeps working, reached through the header.
        await nav.getByRole('link', { name: 'Warehouse' }).click();
        await main.getByRole('heading', { level: 1, name: 'Warehouse: Depot Nine' }).waitFor();
        await nav.getByRole('link', { name: 'User' }).click();
        await main.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
        await nav.getByRole('link', { name: 'Admin' }).click();
        await main.getByRole('link', { name: 'Open User administration' }).click();
        await main.getByRole('heading', { level: 1, name: 'User administration' }).waitFor();
        await nav.getByRole('link', { name: 'Info' }).click();
        await main.getByRole('heading', { level: 2, name: 'Privacy policy' }).waitFor();
        await page.getByRole('link', { name: 'Lager – home' }).click();
        await page
          .getByRole('region', { name: 'Switch warehouse' })
          .getByRole('button', { name: /Depot Nine/ })
          .waitFor();
        await page.keyboard.press('Escape');
        expect(pathOf(page)).toBe('/dashboard');

        // Back to the dead section; bring its server up again and retry in place.
        await openWarehouseAdmin();
        await warehouseAdmin.restart();
        down = false;
        const navigations: string[] = [];
        page.on('framenavigated', (f) => navigations.push(f.url()));
        await main.getByRole('button', { name: 'Retry' }).click();
        await main.getByRole('heading', { level: 1, name: 'Warehouse administration' }).waitFor();
        await main.getByRole('link', { name: 'Show my warehouses' }).click();
        await main.getByRole('checkbox', { name: 'Depot Nine' }).waitFor();
        expect(navigations.map((u) => new URL(u).pathname)).toEqual(['/admin/warehouse/my']);
        await expectCount(main.getByText('Section unavailable'), 0);
      } finally {
        if (down) await warehouseAdmin.restart().catch(() => {});
      }
    });
  });
});
