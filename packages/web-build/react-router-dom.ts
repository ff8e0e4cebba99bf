/**
 * The part of react-router the apps use, shared as the `react-router-dom` singleton in its place.
 * A shared module is never tree-shaken (any remote may ask for any export), so sharing
 * react-router whole costs every page about 60 KB of compressed JavaScript for data routers and
 * server rendering nobody here uses. Through this file webpack keeps only what is listed.
 * The apps' TypeScript and jest resolve `react-router-dom` here too, so using anything not listed
 * fails the typecheck: add it here when a page needs it.
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { LinkProps, NavLinkProps, NavigateFunction, RouteObject } from 'react-router';
