import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { registerNavigator } from '../lib/navigation.js';
import { BootSpinner } from './boot-spinner.js';
import { areaRoutes } from './area-routes.js';
import { menuEntries, readPermission } from './menu.js';
import { paths } from '../lib/paths.js';
import { RequireAuth } from './require-auth.js';
import { RequirePermission } from './require-permission.js';
import { RouteError } from './route-error.js';

/** `/company` → `company`: children of the root route take relative paths. */
const relative = (path: string) => path.replace(/^\//, '');

/**
 * Built business areas, each at its menu path (plus `/*` for its own `new` and `:id` routes),
 * behind the guard of its `read` permission and loaded as its own chunk.
 */
const businessAreaRoutes: RouteObject[] = menuEntries.flatMap((entry) => {
  const load = areaRoutes[entry.area];
  if (!load) return [];
  return [
    {
      element: <RequirePermission permission={readPermission(entry.area)} />,
      children: [
        {
          path: `${relative(entry.path)}/*`,
          lazy: async () => ({ Component: (await load()).default }),
        },
      ],
    },
  ];
});

/**
 * The shell of the signed-in pages (header, menu, search, footer), a chunk of its own: the login
 * page does not show it, so it does not download it either (issue 21).
 */
const loadAppLayout = () => import('./layout/app-layout.js');

const notFoundPage = async () => ({
  Component: (await import('../features/errors/not-found-page.js')).NotFoundPage,
});

/**
 * The route tree. Every page is a lazily loaded chunk (DOMAIN §14), and so is the shell around
 * them; the router waits for the chunks before leaving the current page, so no Suspense fallback
 * flashes between pages. Only what the login page shows, the guards and the error element (which
 * must show when a chunk fails to load) are in the entry.
 */
const routes: RouteObject[] = [
  {
    path: paths.home,
    errorElement: <RouteError />,
    HydrateFallback: BootSpinner,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace /> },
      {
        path: relative(paths.login),
        lazy: async () => {
          const { LoginPage } = await import('../features/account/login-page.js');
          // Signing in starts fetching the shell, so the first page after it waits no longer
          // than when the shell was in the entry.
          const onSignIn = () => void loadAppLayout();
          return { Component: () => <LoginPage onSignIn={onSignIn} /> };
        },
      },
      {
        lazy: async () => ({ Component: (await loadAppLayout()).AppLayout }),
        children: [
          {
            // A crash inside a page keeps the header and footer around the error message.
            errorElement: <RouteError />,
            children: [
              {
                path: relative(paths.accessDenied),
                lazy: async () => ({
                  Component: (await import('../features/errors/access-denied-page.js'))
                    .AccessDeniedPage,
                }),
              },
              { path: relative(paths.notFound), lazy: notFoundPage },
              {
                Component: RequireAuth,
                children: [
                  {
                    path: relative(paths.dashboard),
                    lazy: async () => ({
                      Component: (await import('../features/dashboard/dashboard-page.js'))
                        .DashboardPage,
                    }),
                  },
                  {
                    path: relative(paths.account),
                    lazy: async () => ({
                      Component: (await import('../features/account/account-page.js')).AccountPage,
                    }),
                  },
                  {
                    element: <RequirePermission permission="company:read" />,
                    children: [
                      {
                        path: relative(paths.company),
                        lazy: async () => ({
                          Component: (await import('../features/company/company-page.js'))
                            .CompanyPage,
                        }),
                      },
                    ],
                  },
                  ...businessAreaRoutes,
                ],
              },
              { path: '*', lazy: notFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// The HTTP client's 401/403 redirects become client-side navigations from here on.
registerNavigator({
  navigate: (to, options) => void router.navigate(to, options),
  currentPath: () => router.state.location.pathname + router.state.location.search,
  destinationPathname: () => (router.state.navigation.location ?? router.state.location).pathname,
});
