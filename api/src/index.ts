/**
 * The API's declared entry for code outside api/ that runs it in-process (bench, tools): nothing
 * outside api/ imports other files of api/src (the dependency rule in .dependency-cruiser.cjs).
 */
export { type BuildAppOptions, buildApp } from './app';
export { loadScaleData } from './modules/stock';
export { databaseOn, openDatabase } from './platform/db/client';
export type { Database, Db } from './platform/db/types';
export { createOutboxTransport, readOutbox } from './platform/mail/transport';
export { executePrepared } from './platform/prepared';
export { memberships, users, warehouses } from './platform/tenancy/tables';
export { startServer } from './start';
