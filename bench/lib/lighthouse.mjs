/**
 * Lighthouse (node API) against Debian Chromium started by chrome-launcher. A logged-in page
 * gets the session cookies through a short Playwright CDP connection before the audit
 * (Lighthouse's default storage reset keeps cookies; it clears the HTTP cache per run).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, cookieList } from './browser.mjs';
import { median } from './util.mjs';

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
  tti: 'interactive',
  bytes: 'total-byte-weight',
};

const running = new Set();

/** Kills Chromiums of audits still running (the bench was interrupted). */
export async function killLighthouseBrowsers() {
  await Promise.all([...running].map((c) => c.kill()));
}

async function setCookies(port, cookies, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies(cookieList(cookies, url));
  } finally {
    await browser.close();
  }
}

async function runOnce({ url, preset, cookies, reportFile }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_ARGS.map((f) => (f === '--headless' ? '--headless=new' : f)),
    logLevel: 'silent',
  });
  running.add(chrome);
  try {
    if (cookies) await setCookies(chrome.port, cookies, url);
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (reportFile) fs.writeFileSync(reportFile, result.report);
    const sample = {
      performance: lhr.categories.performance.score == null ? null : Math.round(lhr.categories.performance.score * 100),
      finalUrl: lhr.finalDisplayedUrl,
      runtimeError: lhr.runtimeError?.code,
      warnings: lhr.runWarnings?.slice(0, 3),
    };
    for (const [key, id] of Object.entries(METRICS)) sample[key] = lhr.audits[id]?.numericValue ?? null;
    return sample;
  } finally {
    running.delete(chrome);
    await chrome.kill();
  }
}

/** `runs` audits of one page and preset; medians per metric (each metric on its own). */
export async function lighthousePage({ url, preset, runs, cookies, reportDir, label }) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    try {
      const reportFile = reportDir ? path.join(reportDir, `${label}-${preset}-${i + 1}.json`) : undefined;
      samples.push(await runOnce({ url, preset, cookies, reportFile }));
    } catch (error) {
      console.warn(`lighthouse ${label} ${preset} run ${i + 1}: ${error.message}`);
      samples.push({ error: error.message });
    }
  }
  const med = {};
  for (const key of ['performance', ...Object.keys(METRICS)]) med[key] = median(samples.map((s) => s[key]));
  return { url, preset, runs, median: med, samples };
}
