/**
 * `npm run contract:client`: the web app's RTK Query endpoints and wire types, generated from
 * the API's OpenAPI document (contract/openapi.json). Every operation carries one tag naming the
 * package that calls it; each package gets one file, injected into the one api slice of
 * @lager/shared. Cache tags and response transforms are added beside it with enhanceEndpoints
 * (shared/src/api/endpoints.ts and each remote's src/api/endpoints.ts). Never edit the generated files.
 * A post-step (scripts/contract-shared-schemas.mjs) moves the component schemas every file would
 * repeat (ErrorBody, Message, User, …) into shared/src/api/generated/schemas.ts.
 */
const byTag =
  (tag) =>
  (_name, { operation }) =>
    (operation.tags ?? []).includes(tag);

/** @type {import('@rtk-query/codegen-openapi').ConfigFile} */
module.exports = {
  schemaFile: './contract/openapi.json',
  apiFile: './shared/src/api/api.ts',
  apiImport: 'api',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  flattenArg: true,
  encodePathParams: true,
  useUnknown: true,
  outputFiles: {
    './shared/src/api/generated/shell.ts': { exportName: 'shellApi', filterEndpoints: byTag('shell') },
    './remote-account/src/api/generated.ts': {
      apiFile: '@lager/shared',
      exportName: 'accountApi',
      filterEndpoints: byTag('account'),
      // A read-only check that the screen runs once on load.
      endpointOverrides: [{ pattern: 'validateResetToken', type: 'query' }],
    },
    './remote-warehouse-admin/src/api/generated.ts': {
      apiFile: '@lager/shared',
      exportName: 'warehouseAdminApi',
      filterEndpoints: byTag('warehouse-admin'),
    },
    './remote-user-admin/src/api/generated.ts': {
      apiFile: '@lager/shared',
      exportName: 'userAdminApi',
      filterEndpoints: byTag('user-admin'),
    },
    './remote-stock/src/api/generated.ts': {
      apiFile: '@lager/shared',
      exportName: 'stockApi',
      filterEndpoints: byTag('stock'),
    },
    './remote-releases/src/api/generated.ts': {
      apiFile: '@lager/shared',
      exportName: 'releasesApi',
      filterEndpoints: byTag('releases'),
    },
    './remote-purchasing/src/api/generated.ts': {
      apiFile: '@lager/shared',
      exportName: 'purchasingApi',
      filterEndpoints: byTag('purchasing'),
    },
  },
};
