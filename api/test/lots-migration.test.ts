import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/demo-data';
import type { Db } from '../src/platform/db/client';
import { runMigrations } from '../src/platform/db/migrate';
import { buildTestApp, openTestDatabase } from './helpers';
import { copyTable, databaseAtMigration, type Row, rows } from './old-schema';

/**
 * Migration 0018 (stock-spec-3 §2): lots. Every existing article is `tracking: none` without expiry,
 * every journal row has no lot, stock and journal stay as they were, and untracked bookings still go
 * through `stock_book`. Shown on a copy of the demo data and on 100 000 articles, each in a database at
 * migration 0017 that 0018 (and what follows) then updates.
 */
jest.setTimeout(600_000);

const BEFORE = 18; // migrations 0000..0017: the schema before lots

/** What 0018 must leave: every article untracked, no lot anywhere, stock and journal unchanged. */
async function expectUntouched(db: Db, before: Row) {
  const [check] = await rows(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM stock_articles) AS articles,
      (SELECT count(*)::int FROM stock_articles WHERE tracking = 'none' AND NOT expiry) AS untracked,
      (SELECT coalesce(sum(quantity), 0)::text FROM stock_articles) AS stock,
      (SELECT count(*)::int FROM stock_movements) AS movements,
      (SELECT count(*)::int FROM stock_movements WHERE lot IS NOT NULL OR serial IS NOT NULL OR best_before IS NOT NULL) AS with_lot,
      (SELECT count(*)::int FROM stock_lots) AS lots,
      (SELECT count(*)::int FROM stock_lot_quantities) AS lot_rows`,
  );
  expect(check).toEqual({ ...before, untracked: before.articles, with_lot: 0, lots: 0, lot_rows: 0 });
  return check!;
}

const counts = async (db: Db) =>
  (
    await rows(
      db,
      sql`SELECT (SELECT count(*)::int FROM stock_articles) AS articles,
        (SELECT coalesce(sum(quantity), 0)::text FROM stock_articles) AS stock,
        (SELECT count(*)::int FROM stock_movements) AS movements`,
    )
  )[0]!;

it('leaves every article of a copy of the demo data untracked, stock and journal as they were', async () => {
  const demo = await buildTestApp(await openTestDatabase(__filename));
  await seedDemo(demo.app);
  const old = await databaseAtMigration(BEFORE, 'test_lots_migration_demo');
  try {
    await copyTable(demo.app.ctx.db, old.db, 'users', { current_warehouse_id: null });
    await copyTable(demo.app.ctx.db, old.db, 'warehouses');
    await copyTable(demo.app.ctx.db, old.db, 'stock_locations');
    const articles = await copyTable(demo.app.ctx.db, old.db, 'stock_articles');
    await copyTable(demo.app.ctx.db, old.db, 'stock_location_quantities');
    await copyTable(demo.app.ctx.db, old.db, 'purchasing_suppliers');
    await copyTable(demo.app.ctx.db, old.db, 'purchasing_orders', { created_by: null });
    const movements = await copyTable(demo.app.ctx.db, old.db, 'stock_movements');
    expect(articles).toBeGreaterThan(100);
    expect(movements).toBeGreaterThan(1000);
    const before = await counts(old.db);
    await runMigrations(old.db);
    await expectUntouched(old.db, before);
    // An untracked goods-out still books in one round trip (stock_book, replaced by 0018).
    const [target] = await rows(
      old.db,
      sql`SELECT a.id, a.warehouse_id, a.quantity FROM stock_articles a
        JOIN stock_location_quantities q ON q.article_id = a.id
        JOIN stock_locations l ON l.id = q.location_id AND upper(l.code) = 'STANDARD'
        LEFT JOIN stock_default_locations d ON d.article_id = a.id
        WHERE a.quantity >= 1000 AND q.quantity >= 1000 AND d.article_id IS NULL LIMIT 1`,
    );
    const [booked] = await rows(
      old.db,
      sql`SELECT stock_book(1, gen_random_uuid(), repeat('a', 64), 192, ${target!.warehouse_id}::integer,
        ${target!.id}::integer, 'out', 1000, NULL, 'sale', NULL, NULL, 'Test', NULL, 99999999999999, '{pcs}') AS answer`,
    );
    expect((booked!.answer as { status: number }).status).toBe(201);
  } finally {
    await old.close();
    await demo.app.close();
    await demo.database.close();
  }
});

it('migrates 100 000 articles and their journal in one migration', async () => {
  const old = await databaseAtMigration(BEFORE, 'test_lots_migration_big');
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
    await old.db.execute(
      sql`INSERT INTO stock_movements (warehouse_id, article_id, kind, delta, quantity_after, user_name)
          SELECT warehouse_id, id, 'in', quantity, quantity, 'Big' FROM stock_articles WHERE quantity > 0`,
    );
    const before = await counts(old.db);
    const started = Date.now();
    await runMigrations(old.db);
    const seconds = (Date.now() - started) / 1000;
    if (process.env.LAGER_PRINT_TIMES) console.log(`migration 0018 on 100 000 articles: ${seconds.toFixed(1)} s`);
    await expectUntouched(old.db, before);
    // Recorded for the README; a generous bound so a busy machine does not fail it.
    expect(seconds).toBeLessThan(300);
  } finally {
    await old.close();
  }
});
