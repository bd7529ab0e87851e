/**
 * A V8 CPU profile of one page load at 4× CPU throttling (a mid-range phone), from navigation until the
 * page's section shows — the measuring scripts' (lcp-lh.mjs --profile, first-load-ratio.mjs) one way to take it.
 */
export async function profileLoad(context, tab, url, waitForSection) {
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await tab.goto(url);
  await waitForSection(tab);
  const { profile } = await cdp.send('Profiler.stop');
  return profile;
}
