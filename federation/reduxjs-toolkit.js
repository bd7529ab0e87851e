/**
 * The shared singleton `@reduxjs/toolkit` as the shell provides it (see react-router-dom.ts beside
 * this file): the exports the apps and RTK Query (`@reduxjs/toolkit/query`, which imports the
 * toolkit by its package name, so through this module) use. The package itself is reached under
 * another name (rsbuild.config.ts `facadeTargets`). Plain JS: the alias has no type declarations.
 */
export {
  combineReducers,
  configureStore,
  createAction,
  createAsyncThunk,
  createNextState,
  createSelector,
  createSlice,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAnyOf,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isPlainObject,
  isRejected,
  isRejectedWithValue,
  nanoid,
  prepareAutoBatched,
  SHOULD_AUTOBATCH,
} from '@lager-federation/reduxjs-toolkit';
