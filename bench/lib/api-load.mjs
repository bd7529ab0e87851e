/**
 * autocannon on loopback against the API: the bare health route against logged-in reads.
 * Each route gets a short unmeasured warm-up first (JIT, PGlite caches, session lookups).
 */
import autocannon from 'autocannon';
import { sleep } from './util.mjs';

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export const API_ROUTES = [
  { name: 'health', path: '/api/health', auth: false },
  { name: 'mywarehouses', path: '/api/mywarehouses', auth: true },
  { name: 'permissions', path: '/api/user/permissions', auth: true },
];

/**
 * `connections` for the budgets; then a short, lighter run (`probeConnections`) whose latency
 * shows the cost of one request rather than the queue in front of it (latency ≈ connections / throughput).
 */
export async function loadTestApi({
  apiUrl,
  cookieHeader,
  origin,
  connections,
  duration,
  warmup,
  probeConnections = 10,
}) {
  const routes = {};
  for (const route of API_ROUTES) {
    const headers = { accept: 'application/json', 'accept-language': 'en', origin, referer: `${origin}/` };
    if (route.auth) headers.cookie = cookieHeader;
    const probe = await fetch(`${apiUrl}${route.path}`, { headers });
    if (!probe.ok) {
      routes[route.name] = { path: route.path, error: `probe answered ${probe.status}` };
      continue;
    }
    const base = { url: `${apiUrl}${route.path}`, headers, connections };
    if (warmup > 0) await cannon({ ...base, duration: warmup });
    await sleep(200);
    const r = await cannon({ ...base, duration });
    routes[route.name] = {
      path: route.path,
      requestsPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      latencyMean: r.latency.average,
      total: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    };
    const light = await cannon({ ...base, connections: probeConnections, duration: Math.min(duration, 5) });
    routes[route.name].light = {
      connections: probeConnections,
      requestsPerSec: Math.round(light.requests.average),
      p50: light.latency.p50,
      p99: light.latency.p99,
    };
  }
  const health = routes.health?.requestsPerSec;
  for (const r of Object.values(routes)) {
    if (health && r.requestsPerSec != null) r.ratioToHealth = r.requestsPerSec / health;
  }
  return { connections, duration, routes };
}
