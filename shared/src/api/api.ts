import { createApi } from '@reduxjs/toolkit/query/react';
import { axiosBaseQuery } from './base-query';

/**
 * The cache tags: every endpoint that reads one of these provides it, every write invalidates
 * what it changes. (No `Invitation` tag: no call lists invitations, so nothing could provide it.)
 */
export const TAGS = ['User', 'Permissions', 'Warehouse', 'Role', 'Member'] as const;

/**
 * The one API slice. Its endpoints are generated from the API's OpenAPI document
 * (`npm run contract:client`): the shell's in ./generated/shell.ts (tags and transforms in
 * ./endpoints.ts), each section's in its own package, all injected here when their code loads.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
});
