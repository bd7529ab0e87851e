/**
 * The shared singleton `react-redux` as the shell provides it (see react-router-dom.ts beside this
 * file): the exports the apps and RTK Query's React hooks use. The package itself is reached under
 * another name (rsbuild.config.ts `facadeTargets`). Plain JS: the alias has no type declarations.
 */
export {
  batch,
  Provider,
  ReactReduxContext,
  shallowEqual,
  useDispatch,
  useSelector,
  useStore,
} from '@lager-federation/react-redux';
