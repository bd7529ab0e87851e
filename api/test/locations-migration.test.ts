import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/demo-data';
import type { Db } from '../src/platform/db/client';
import { runMigrations } from '../src/platform/db/migrate';
import { buildTestApp, openTestDatabase } from './helpers';
import { copyTable, databaseAtMigration, rows } from './old-schema';

/**
 * Migration 0010 (stock-spec-2.md §1): every warehouse gets STANDARD and every existing stock moves
 * there, in the one transaction the migrator runs it in. Shown on a copy of the demo data and on
 * 100 000 articles, each in a database at migration 0009 that 0010 (and what follows) then updates.
 */
jest.setTimeout(600_000);

const BEFORE = 10; // migrations 0000..0009: the schema before locations

/** What 0010 must leave: STANDARD per warehouse holding every article's whole stock. */
async function expectEverythingAtStandard(db: Db) {
  const [check] = await rows(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM warehouses) AS warehouses,
      (SELECT count(*)::int FROM stock_locations WHERE code = 'STANDARD') AS standards,
      (SELECT count(*)::int FROM stock_articles WHERE quantity > 0) AS stocked,
      (SELECT count(*)::int FROM stock_location_quantities q JOIN stock_locations l ON l.id = q.location_id
        JOIN stock_articles a ON a.id = q.article_id
        WHERE l.code = 'STANDARD' AND l.warehouse_id = a.warehouse_id AND q.quantity = a.quantity) AS moved,
      (SELECT count(*)::int FROM stock_location_quantities) AS rows,
      (SELECT count(*)::int FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
        WHERE rp.role_id = 1 AND p.name = 'manage_locations') AS owner_holds`,
  );
  expect(check!.standards).toBe(check!.warehouses);
  expect(check!.moved).toBe(check!.stocked);
  expect(check!.rows).toBe(check!.stocked);
  expect(check!.owner_holds).toBe(1);
  return check!;
}

it('moves the stock of a copy of the demo data to STANDARD', async () => {
  const demo = await buildTestApp(await openTestDatabase(__filename));
  await seedDemo(demo.app);
  const old = await databaseAtMigration(BEFORE, 'test_locations_migration_demo');
  try {
    await copyTable(demo.app.ctx.db, old.db, 'users', { current_warehouse_id: null });
    await copyTable(demo.app.ctx.db, old.db, 'warehouses');
    const articles = await copyTable(demo.app.ctx.db, old.db, 'stock_articles');
    const movements = await copyTable(demo.app.ctx.db, old.db, 'stock_movements');
    expect(articles).toBeGreaterThan(100);
    expect(movements).toBeGreaterThan(1000);
    await runMigrations(old.db);
    const check = await expectEverythingAtStandard(old.db);
    expect(check.warehouses).toBe(2);
    expect(check.stocked).toBeGreaterThan(100);
  } finally {
    await old.close();
    await demo.app.close();
    await demo.database.close();
  }
});

it('moves 100 000 articles in one migration', async () => {
  const old = await databaseAtMigration(BEFORE, 'test_locations_migration_big');
  try {
    await old.db.execute(
      sql`INSERT INTO users (name, email, password, email_verified_at) VALUES ('Big', 'big@example.test', 'x', now())`,
    );
    await old.db.execute(
      sql`INSERT INTO warehouses (name, industry_id, usage_id, owner_id) VALUES ('Big', 1, 1, 1), ('Small', 1, 1, 1)`,
    );
    await old.db.execute(
      sql`INSERT INTO stock_articles (warehouse_id, sku, name, unit, quantity)
          SELECT 1 + (i % 2), 'SKU-' || i, 'Article ' || i, 'pcs', (i % 7) * 1000 FROM generate_series(1, 100000) AS i`,
    );
    const started = Date.now();
    await runMigrations(old.db);
    const seconds = (Date.now() - started) / 1000;
    if (process.env.LAGER_PRINT_TIMES) console.log(`migration 0010+ on 100 000 articles: ${seconds.toFixed(1)} s`);
    const check = await expectEverythingAtStandard(old.db);
    expect(check.stocked).toBe(100_000 - Math.floor(100_000 / 7));
    // Recorded for the README; a generous bound so a busy machine does not fail it.
    expect(seconds).toBeLessThan(300);
  } finally {
    await old.close();
  }
});
