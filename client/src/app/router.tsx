import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { setRedirectHandler } from '../lib/redirect-header';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { GuestOnly } from './routes/guest-only';
import { RequireSession } from './routes/require-session';
import { RouteError } from './routes/route-error';
import { shellRoutes } from './routes/shell-routes';

// One chunk per page: the login bundle carries no code of the signed-in pages, and the other way round.
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const RegisterPage = lazy(() => import('../features/auth/pages/register-page'));
const RecoverPasswordPage = lazy(() => import('../features/auth/pages/recover-password-page'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page'));
const PrecontractSignPage = lazy(() => import('../features/precontract/precontract-sign-page'));
const ShellLayout = lazy(() => import('./layouts/shell-layout'));

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: 'accedi', element: <LoginPage /> },
              { path: 'registrati', element: <RegisterPage /> },
            ],
          },
        ],
      },
      {
        element: <AuthLayout />,
        children: [{ path: 'recupero-password', element: <RecoverPasswordPage /> }],
      },
      {
        element: <AppLayout />,
        children: [
          { path: 'privacy', element: <PrivacyPage /> },
          // The client signs the pre-contract pack from the link mailed to it (no session: the client is no user).
          { path: 'firma-precontrattuale/:token', element: <PrecontractSignPage /> },
        ],
      },
      // Where logout lands (spec section 2); it is not public, so the user ends up on /accedi.
      { path: 'login', element: <Navigate to="/accedi" replace /> },
      {
        element: <RequireSession />,
        children: [
          { element: <ShellLayout />, children: shellRoutes },
        ],
      },
    ],
  },
]);

setRedirectHandler((to) => {
  if (to.startsWith('/') && !to.startsWith('//')) void router.navigate(to);
  else window.location.assign(to);
});
