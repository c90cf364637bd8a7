import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, createBrowserRouter, useLocation } from 'react-router';

import { useMe } from '../api/auth';
import { NotFoundPage, ServerErrorPage } from '../features/pages';
import { AppLayout } from '../features/shell';
import { useSession } from '../lib/use-session';
import { ApiReference } from './api-reference';
import { CatalogueRoute } from './catalogue-route';
import { FIELD_ROUTES } from '../lib/field-routes';

type AuthPageName = 'LoginPage' | 'RegisterPage' | 'ForgotPage' | 'ResetPage' | 'LockPage';

/**
 * The sign-in and account pages, loaded when one is opened: their forms stay out of the code a signed-in page
 * waits for.
 */
function authPage(name: AuthPageName) {
  const Page: ComponentType = lazy(async () => ({ default: (await import('../features/auth'))[name] }));
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

/**
 * Without a token any path goes to /login, remembering where the user wanted to go (docs/console.md §2, §6); a
 * session the server holds locked shows only the lock screen, whatever address was typed.
 */
function RequireSession() {
  const session = useSession();
  const me = useMe();
  const location = useLocation();
  const next = location.pathname + location.search;
  if (!session) {
    return <Navigate to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (me.data?.user.locked) return <Navigate to={`/lock?next=${encodeURIComponent(next)}`} replace />;
  return <Outlet />;
}

/**
 * The field forms: public pages of docs/console.md §2 that sign in by themselves (naming the phone's device), so
 * they cannot wait for the signed-in catalogue. Loaded when opened.
 */
const FieldFormPage = lazy(async () => ({ default: (await import('../features/field')).FieldFormPage }));

export const router = createBrowserRouter([
  { path: '/login', element: authPage('LoginPage') },
  { path: '/register', element: authPage('RegisterPage') },
  { path: '/forgot', element: authPage('ForgotPage') },
  { path: '/resetp', element: authPage('ResetPage') },
  { path: '/lock', element: authPage('LockPage') },
  { path: '/api-docs', element: <ApiReference /> },
  ...FIELD_ROUTES.map((route) => ({
    path: route,
    element: (
      <Suspense fallback={null}>
        <FieldFormPage route={route} />
      </Suspense>
    ),
  })),
  {
    element: <RequireSession />,
    errorElement: <ServerErrorPage />,
    children: [
      {
        element: <AppLayout />,
        errorElement: <ServerErrorPage />,
        children: [
          { path: '/misc/404', element: <NotFoundPage /> },
          { path: '/misc/500', element: <ServerErrorPage /> },
          // Every other path: the server's catalogue decides what it is (or that it is /misc/404).
          { path: '*', element: <CatalogueRoute /> },
        ],
      },
    ],
  },
]);
