// The routing feature's public surface: other features import from here, never from its files.
export { type KnownAuthStatus, mayVisit } from './guard';
export { getRouteTable, matchRoute, parentPath, type RouteEntry } from './route-table';
