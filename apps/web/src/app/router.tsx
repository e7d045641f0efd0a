// The route table of the specification (section 2); every screen is its own lazily loaded chunk.
import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { LoadingState } from '../components/ui/spinner.tsx';
import { setSessionExpiredHandler } from '../lib/api-client.ts';
import type { ReturnToState } from '../lib/return-to.ts';
import NotFound from './not-found.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootError } from './root-error.tsx';

type RouteModule = { default: ComponentType };

/** Route-level code splitting: the module is fetched the first time its route is visited. */
function page(load: () => Promise<RouteModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

function RouteFallback() {
  return <LoadingState text="Loading..." className="min-h-screen" />;
}

export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RootError />,
    HydrateFallback: RouteFallback,
    children: [
      {
        ...page(() => import('../components/layouts/public-layout.tsx')),
        children: [
          { index: true, ...page(() => import('../features/marketing/routes/landing.tsx')) },
          { path: 'about', ...page(() => import('../features/marketing/routes/about.tsx')) },
          { path: 'privacy-policy', ...page(() => import('../features/marketing/routes/privacy-policy.tsx')) },
          { path: 'terms-of-use', ...page(() => import('../features/marketing/routes/terms-of-use.tsx')) },
          { path: 'docs', ...page(() => import('../features/docs/routes/docs.tsx')) },
          { path: 'contact', ...page(() => import('../features/contact/routes/contact.tsx')) },
        ],
      },
      {
        ...page(() => import('../components/layouts/auth-layout.tsx')),
        children: [
          { path: 'auth/login', ...page(() => import('../features/auth/routes/login.tsx')) },
          { path: 'auth/register', ...page(() => import('../features/auth/routes/register.tsx')) },
          { path: 'forgot-password', ...page(() => import('../features/auth/routes/forgot-password.tsx')) },
          { path: 'reset-password/:token', ...page(() => import('../features/auth/routes/reset-password.tsx')) },
        ],
      },
      {
        path: 'dashboard',
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            ...page(() => import('../components/layouts/dashboard-layout.tsx')),
            children: [
              { index: true, ...page(() => import('../features/dashboard/routes/dashboard-home.tsx')) },
              { path: 'websites', ...page(() => import('../features/websites/routes/websites-list.tsx')) },
              { path: 'websites/new', ...page(() => import('../features/websites/routes/website-new.tsx')) },
              { path: 'websites/:websiteId', ...page(() => import('../features/websites/routes/website-detail.tsx')) },
              { path: 'websites/:websiteId/edit', ...page(() => import('../features/websites/routes/website-edit.tsx')) },
              { path: 'pages/:pageId', ...page(() => import('../features/pages/routes/page-analytics.tsx')) },
              { path: 'settings', ...page(() => import('../features/account/routes/account-settings.tsx')) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

const router = createBrowserRouter(routes);

// A lost session (failed refresh) lands on sign-in without a reload, remembering where the user was.
setSessionExpiredHandler(() => {
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/auth/login') return;
  const state: ReturnToState = { from: `${pathname}${search}${hash}` };
  void router.navigate('/auth/login', { replace: true, state });
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
