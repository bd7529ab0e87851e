/**
 * Debian Chromium through playwright-core (the flags of scripts/chromium.cjs, as the journeys), and a network
 * log per page taken from the DevTools protocol: every request with its resource type, cache
 * status and bytes on the wire.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { sleep } from './util.mjs';

// The same browser and flags as the journeys (scripts/chromium.cjs).
export const { CHROMIUM, CHROMIUM_ARGS } = createRequire(import.meta.url)('../../scripts/chromium.cjs');

export function hasChromium() {
  return fs.existsSync(CHROMIUM);
}

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export function cookieList(cookies, url) {
  const { hostname } = new URL(url);
  return Object.entries(cookies ?? {}).map(([name, value]) => ({ name, value, domain: hostname, path: '/' }));
}

export async function newContext(browser, { cookies, url, width = 1280 } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'de-DE' });
  if (cookies) await context.addCookies(cookieList(cookies, url));
  return context;
}

/** Starts recording the network of `page`; read `entries()` at any time. */
export async function recordNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  let lastEvent = Date.now();
  const touch = (id) => {
    lastEvent = Date.now();
    return requests.get(id);
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    lastEvent = Date.now();
    if (e.redirectResponse && requests.has(e.requestId)) requests.get(e.requestId).done = true;
    requests.set(e.requestId, {
      url: e.request.url,
      method: e.request.method,
      type: e.type,
      status: 0,
      transferred: 0,
      decoded: 0,
      cache: 'network',
      done: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = touch(e.requestId);
    if (r) r.cache = 'memory';
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = touch(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.type = e.type ?? r.type;
    r.encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity';
    if (e.response.fromDiskCache) r.cache = 'disk';
    if (e.response.status === 304) r.cache = 'revalidated';
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = touch(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = touch(e.requestId);
    if (!r) return;
    r.transferred = e.encodedDataLength;
    r.done = true;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = touch(e.requestId);
    if (!r) return;
    r.failed = e.errorText;
    r.done = true;
  });
  return {
    entries: () => [...requests.values()],
    /** Resolves once no request is open and nothing happened for `quietMs`. */
    async quiet(quietMs = 500, maxMs = 15_000) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline) {
        const open = [...requests.values()].some((r) => !r.done);
        if (!open && Date.now() - lastEvent >= quietMs) return true;
        await sleep(50);
      }
      return false;
    },
    detach: () => cdp.detach().catch(() => {}),
  };
}

/**
 * A section is on screen: the shell's <main> has content and no loading indicator (the
 * Suspense fallback, the route guard's wait, a query's spinner), plus `selector` when given.
 */
export async function waitForSection(page, { selector, timeout = 30_000 } = {}) {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('#main');
      if (!main || main.querySelector('.loading, [aria-busy="true"]')) return false;
      return (main.textContent ?? '').trim().length > 0;
    },
    undefined,
    { timeout, polling: 'raf' },
  );
  if (selector) await page.locator(selector).first().waitFor({ timeout });
}
