import { Navigate, Outlet, createBrowserRouter, useLocation } from 'react-router';

import { ForgotPage, LockPage, RegisterPage, ResetPage } from '../features/auth/account-pages';
import { LoginPage } from '../features/auth/login-page';
import { NotBuiltPage } from '../features/pages/not-built-page';
import { RoutePage } from '../features/pages/route-page';
import { UnknownRoute } from '../features/pages/unknown-route';
import { NotFoundPage, ServerErrorPage } from '../features/pages/error-pages';
import { useSession } from '../features/session/session';
import { AppLayout } from '../features/shell/app-layout';
import { ApiReference } from './api-reference';
import { ROUTE_CATALOGUE } from './route-catalogue';

/** Without a token any path goes to /login, remembering where the user wanted to go (SPEC §2, §6). */
function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const next = location.pathname + location.search;
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}

/** Public pages of SPEC §2 that belong to later releases (they need no sign-in). */
const PUBLIC_LATER = [
  { path: '/rfiwitnessing', title: 'RFI witnessing', group: 'Public' },
  { path: '/siteinspection', title: 'Site inspection', group: 'Public' },
];

export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/forgot', element: <ForgotPage /> },
  { path: '/resetp', element: <ResetPage /> },
  { path: '/lock', element: <LockPage /> },
  { path: '/api-docs', element: <ApiReference /> },
  ...PUBLIC_LATER.map((entry) => ({ path: entry.path, element: <NotBuiltPage entry={entry} /> })),
  {
    element: <RequireSession />,
    errorElement: <ServerErrorPage />,
    children: [
      {
        element: <AppLayout />,
        errorElement: <ServerErrorPage />,
        children: [
          ...ROUTE_CATALOGUE.map((entry) => ({ path: entry.path, element: <RoutePage entry={entry} /> })),
          { path: '/misc/404', element: <NotFoundPage /> },
          { path: '/misc/500', element: <ServerErrorPage /> },
          // A path outside the catalogue may be a screen an administrator added to the registry; else 404.
          { path: '*', element: <UnknownRoute /> },
        ],
      },
    ],
  },
]);
