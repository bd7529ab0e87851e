import type { StockPermissionName } from '@lager/contract';
import type { FastifyRequest } from 'fastify';
import type { AccessRule } from '../../platform/context';

/**
 * Stock calls act on the user's current warehouse. Every call needs `view_stock`; writes add
 * the permission of the action (stock-spec.md "Who may do what"). The authorization plugin
 * enforces these; `all` means every listed permission is needed.
 */
const current: AccessRule['warehouse'] = (request) => request.user?.currentWarehouseId;

export const stockAccess = (...also: StockPermissionName[]): { auth: 'verified'; access: AccessRule } => ({
  auth: 'verified',
  access: { warehouse: current, require: { all: ['view_stock', ...also] } },
});

/**
 * Counting in a count session (list, read, send counted lines, print sheets): counters are clerks, so
 * `view_stock` and either `count_stock` or `manage_counts`. Opening, closing and the signed-off list stay
 * `manage_counts`.
 */
export const countingAccess = (): { auth: 'verified'; access: AccessRule } => ({
  auth: 'verified',
  access: { warehouse: current, require: { all: ['view_stock'], any: ['count_stock', 'manage_counts'] } },
});

/** Goods in/out need `book_goods`, a correction `count_stock`: decided by the typed body. */
export const bookingAccess = (): { auth: 'verified'; access: AccessRule } => ({
  auth: 'verified',
  access: {
    warehouse: current,
    require: {
      all: (request: FastifyRequest) => [
        'view_stock',
        (request.body as { kind?: string }).kind === 'correction' ? 'count_stock' : 'book_goods',
      ],
    },
  },
});
