/**
 * The tenancy core every module builds on: its tables, the session lookups of the session plugin,
 * and the wire shapes of users, warehouses, roles and permissions (OpenAPI components).
 */
export * from './sessions';
export * from './tables';
export * from './wire';
