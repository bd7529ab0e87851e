import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.cjs';

/**
 * Journeys need Debian's Chromium. Outside CI a machine without it skips them with a notice;
 * in CI (`.ci/run` installs it) a missing browser fails loudly.
 */
export const describeInBrowser: jest.Describe =
  fs.existsSync(CHROMIUM) || process.env.CI ? describe : (describe.skip as jest.Describe);
if (!fs.existsSync(CHROMIUM) && !process.env.CI) {
  console.warn(`Browser journeys skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
}
const ARTIFACTS = path.join(__dirname, '..', 'artifacts');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A fresh browser profile (cookies, localStorage) with tracing on. */
export async function newSession(
  browser: Browser,
  options: { width?: number; locale?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Session> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: options.locale ?? 'de-DE',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, errors };
}

/**
 * Runs one journey body; on failure keeps a screenshot and a Playwright trace of every
 * open session in e2e/artifacts before rethrowing.
 */
export async function withArtifacts(name: string, sessions: Session[], body: () => Promise<void>): Promise<void> {
  const slug = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
  try {
    await body();
  } catch (error) {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    for (const [i, s] of sessions.entries()) {
      await s.page.screenshot({ path: path.join(ARTIFACTS, `${slug}-${i}.png`), fullPage: true }).catch(() => {});
      await s.context.tracing.stop({ path: path.join(ARTIFACTS, `${slug}-${i}.trace.zip`) }).catch(() => {});
    }
    throw error;
  } finally {
    for (const s of sessions) await s.context.close().catch(() => {});
  }
}
