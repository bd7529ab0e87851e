/**
 * autocannon on loopback against the API: the bare health route and the logged-in list routes the
 * web app calls on every page, at 10 connections (the budget: p99 ≤ 25 ms). At 100 connections on
 * two cores the latency is the queue (≈ connections / throughput), not the cost of a request.
 *
 * Rounds: every route runs `rounds` times, one round over all routes after the other, so a busy
 * minute on the shared machine hits every route alike; the figures are the medians of the rounds.
 */
import autocannon from 'autocannon';
import { median, sleep } from './util.mjs';

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** The routes measured; `warehouseId` is the bench warehouse (members list). */
export function apiRoutes(warehouseId) {
  return [
    { name: 'health', path: '/api/health', auth: false },
    { name: 'user', path: '/api/user', auth: true, budget: true },
    { name: 'permissions', path: '/api/user/permissions', auth: true, budget: true },
    { name: 'mywarehouses', path: '/api/mywarehouses', auth: true, budget: true },
    { name: 'warehouses', path: '/api/warehouses', auth: true, budget: true },
    { name: 'roles', path: '/api/admin/roles', auth: true, budget: true },
    { name: 'members', path: `/api/warehouse/${warehouseId}/users`, auth: true, budget: true },
    { name: 'articles', path: '/api/stock/articles', auth: true, budget: true },
  ];
}

/**
 * Loads every route; `memory()` (optional) reads the server's memory: once before (idle) and once
 * after all rounds.
 */
export async function loadTestApi({
  apiUrl,
  cookieHeader,
  origin,
  routes,
  connections = 10,
  duration = 5,
  warmup = 1,
  rounds = 3,
  memory,
}) {
  const headersOf = (route) => ({
    accept: 'application/json',
    'accept-language': 'en',
    origin,
    referer: `${origin}/`,
    ...(route.auth ? { cookie: cookieHeader } : {}),
  });
  const out = {};
  const samples = {};
  for (const route of routes) {
    const probe = await fetch(`${apiUrl}${route.path}`, { headers: headersOf(route) });
    if (!probe.ok) {
      out[route.name] = { path: route.path, budget: route.budget, error: `probe answered ${probe.status}` };
      continue;
    }
    samples[route.name] = [];
    if (warmup > 0)
      await cannon({ url: `${apiUrl}${route.path}`, headers: headersOf(route), connections, duration: warmup });
  }
  const idle = memory ? await memory() : undefined;
  for (let round = 0; round < rounds; round++) {
    for (const route of routes) {
      if (!samples[route.name]) continue;
      await sleep(200);
      const before = memory ? await memory() : undefined;
      const r = await cannon({ url: `${apiUrl}${route.path}`, headers: headersOf(route), connections, duration });
      const after = memory ? await memory() : undefined;
      samples[route.name].push({
        requestsPerSec: r.requests.average,
        p50: r.latency.p50,
        p90: r.latency.p90,
        p99: r.latency.p99,
        max: r.latency.max,
        total: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
        // The API process's CPU time per answered request: what one request costs, queue or not.
        cpuMsPerRequest:
          before?.cpuMs != null && after?.cpuMs != null && r.requests.total
            ? (after.cpuMs - before.cpuMs) / r.requests.total
            : null,
      });
    }
  }
  const afterLoad = memory ? await memory() : undefined;
  for (const route of routes) {
    const s = samples[route.name];
    if (!s) continue;
    const pick = (key) => median(s.map((x) => x[key]));
    out[route.name] = {
      path: route.path,
      budget: route.budget,
      requestsPerSec: Math.round(pick('requestsPerSec')),
      p50: pick('p50'),
      p90: pick('p90'),
      p99: pick('p99'),
      max: Math.max(...s.map((x) => x.max)),
      p99Rounds: s.map((x) => x.p99),
      cpuMsPerRequest: pick('cpuMsPerRequest'),
      total: s.reduce((n, x) => n + x.total, 0),
      non2xx: s.reduce((n, x) => n + x.non2xx, 0),
      errors: s.reduce((n, x) => n + x.errors, 0),
      timeouts: s.reduce((n, x) => n + x.timeouts, 0),
    };
  }
  const health = out.health?.requestsPerSec;
  for (const r of Object.values(out)) {
    if (health && r.requestsPerSec != null) r.ratioToHealth = r.requestsPerSec / health;
  }
  return { connections, duration, rounds, routes: out, memory: idle || afterLoad ? { idle, afterLoad } : undefined };
}
