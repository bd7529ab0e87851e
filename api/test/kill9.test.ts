/**
 * Issue 18 item 4 and the kill -9 test kept as a test: the API as its own process on a PGlite
 * directory. 20 concurrent writers create warehouses; the process is killed with SIGKILL; a new
 * process (taking over the dead one's lock) must still have every write it acknowledged. A second
 * process on a directory in use refuses to start with one line naming the owner's pid.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_OWNER, freePort, healthy, session, startApi } from './api-process';

const WRITERS = 20;
const CYCLES = 2;
const describePglite = process.env.TEST_DATABASE_URL ? describe.skip : describe;
const start = (dataDir: string, port: number) => startApi(port, { DATA_DIR: dataDir });

describePglite('kill -9 on a PGlite directory', () => {
  it('loses no acknowledged write across kill -9 cycles and refuses a second process on the directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lager-kill9-'));
    const port = await freePort();
    let api = start(dataDir, port);
    await healthy(api);

    const second = start(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Lager API not started: DATA_DIR: ${join(dataDir, 'pglite')} is in use by process ${api.child.pid}`,
    );
    expect(statSync(join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'app-key')).mode & 0o777).toBe(0o600);
    for (const name of readdirSync(join(dataDir, 'outbox'))) {
      expect(statSync(join(dataDir, 'outbox', name)).mode & 0o777).toBe(0o600);
    }

    const acknowledged = new Set<number>();
    let lost = 0;
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const call = await session(api.url, DEMO_OWNER);
      let stop = false;
      let n = 0;
      const writer = async (w: number) => {
        while (!stop) {
          n += 1;
          const name = `c${cycle}-w${w}-${n}`;
          try {
            const res = await call('POST', '/api/admin/warehouse', { name, industry_id: 1, usage_id: 1 });
            if (res.status === 201)
              acknowledged.add(((await res.json()) as { warehouse: { id: number } }).warehouse.id);
          } catch {
            return; // the process is gone: an unanswered write was never acknowledged
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await new Promise((r) => setTimeout(r, 3_000));
      api.child.kill('SIGKILL');
      await api.exited;
      stop = true;
      await Promise.all(writers);

      api = start(dataDir, port);
      await healthy(api);
      const after = await session(api.url, DEMO_OWNER);
      const mine = (await (await after('GET', '/api/mywarehouses')).json()) as { warehouses: { id: number }[] };
      const kept = new Set(mine.warehouses.map((w) => w.id));
      lost += [...acknowledged].filter((id) => !kept.has(id)).length;
    }
    api.child.kill('SIGTERM');
    await api.exited;
    console.log(
      `kill -9: ${CYCLES} cycles, ${WRITERS} writers, ${acknowledged.size} acknowledged writes, ${lost} lost`,
    );
    expect(acknowledged.size).toBeGreaterThan(WRITERS);
    expect(lost).toBe(0);
  }, 240_000);
});
