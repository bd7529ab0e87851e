/**
 * What the shell provides to every section as the shared singleton `react-router-dom`
 * (rsbuild.config.ts: its `import`). A shared module cannot be tree-shaken (the shell does not
 * know which exports a remote will use), so the whole router (62 kB gzip) was on every first
 * load. This module names the exports the apps use; only they and what they need are bundled
 * (~14 kB). Still one router for all sections: every app's `react-router-dom` resolves to the
 * shell's copy of this module. A name missing here is `undefined` in a federated build:
 * `shared-facades.test.ts` fails when any app imports one that is not listed.
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
