/**
 * The browser the journeys (e2e/support/browser.ts) and the benchmark (bench/lib/browser.mjs) drive:
 * Debian's Chromium, headless, with nothing of its own on the network (no QUIC, no background
 * fetches, no component updates, no sync) so that every request a page makes is the page's.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

module.exports = { CHROMIUM, CHROMIUM_ARGS };
