import type { FastifyPluginAsync } from 'fastify';
import { purgeIdempotencyKeys } from './idempotency';
import articleRoutes from './routes-articles';
import countRoutes from './routes-counts';
import csvRoutes from './routes-csv';
import historyRoutes from './routes-history';
import lotRoutes from './routes-lots';
import movementRoutes from './routes-movements';
import valueRoutes from './routes-value';
import { hideCosts } from './value';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Stock handling (stock-spec.md): articles, bookings, transfers, stocktakes, journal, CSV.
 * Registered as one encapsulated plugin, so its text/csv parser stays inside it.
 */
const stockRoutes: FastifyPluginAsync = async (app) => {
  // Before the routes: costs and values only for view_stock_value (stock-spec-3 §3).
  app.addHook('preSerialization', hideCosts);
  await app.register(articleRoutes);
  await app.register(movementRoutes);
  await app.register(csvRoutes);
  await app.register(historyRoutes);
  await app.register(lotRoutes);
  await app.register(valueRoutes);
  await app.register(countRoutes);

  // Idempotency keys older than their TTL (8 days) are dead weight; the lookup ignores them anyway.
  // PGlite never vacuums on its own: the purge does it for the keys table.
  const vacuum = app.ctx.database.kind === 'pglite';
  const timer = setInterval(() => {
    purgeIdempotencyKeys(app.ctx.db, { vacuum }).catch((err) => app.log.warn({ err }, 'idempotency purge failed'));
  }, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};

export default stockRoutes;
