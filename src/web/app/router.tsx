import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner.js';
import { AccessDeniedPage } from '../features/errors/access-denied-page.js';
import { NotFoundPage } from '../features/errors/not-found-page.js';
import { registerNavigator } from '../lib/navigation.js';
import { areaRoutes } from './area-routes.js';
import { AppLayout } from './layout/app-layout.js';
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
 * The route tree. Every page is a lazily loaded chunk (DOMAIN §14); the router waits for the chunk
 * before leaving the current page, so no Suspense fallback flashes between pages.
 */
const routes: RouteObject[] = [
  {
    path: paths.home,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace /> },
      {
        path: relative(paths.login),
        lazy: async () => ({
          Component: (await import('../features/account/login-page.js')).LoginPage,
        }),
      },
      {
        Component: AppLayout,
        children: [
          {
            // A crash inside a page keeps the header and footer around the error message.
            errorElement: <RouteError />,
            children: [
              { path: relative(paths.accessDenied), Component: AccessDeniedPage },
              { path: relative(paths.notFound), Component: NotFoundPage },
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
              { path: '*', Component: NotFoundPage },
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
});
