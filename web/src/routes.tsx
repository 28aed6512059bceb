// The one route table (spec §2): every screen, who may open it, its chrome, its lazily loaded page.

import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import type { AppRoute } from './routeTypes.ts';
import { paths, type RouteName } from './lib/paths.ts';
import { useT } from './i18n/index.ts';
import { RequireAuth } from './components/RequireAuth.tsx';
import { PageLoading } from './components/PageLoading.tsx';
import { RouteErrorFallback } from './components/ErrorBoundary.tsx';
import { adminRoutes } from './pages/admin/routes.tsx';

// The layouts (menus, clocks, clarifications) load with the first page that has one: the home
// and login pages do without them.
const UserLayout = lazy(() => import('./layouts/UserLayout.tsx').then((m) => ({ default: m.UserLayout })));
const AdminLayout = lazy(() => import('./layouts/AdminLayout.tsx').then((m) => ({ default: m.AdminLayout })));

export const publicRoutes: AppRoute[] = [
  { name: 'home', access: 'open', layout: 'none', page: lazy(() => import('./pages/HomePage.tsx')) },
  { name: 'login', access: 'open', layout: 'none', page: lazy(() => import('./pages/LoginPage.tsx')) },
  { name: 'adminLogin', access: 'open', layout: 'none', page: lazy(() => import('./pages/AdminLoginPage.tsx')) },
  { name: 'register', access: 'open', layout: 'none', page: lazy(() => import('./pages/RegisterPage.tsx')) },
  { name: 'resetPassword', access: 'open', layout: 'none', page: lazy(() => import('./pages/ResetPasswordPage.tsx')) },
  { name: 'adminResetPassword', access: 'open', layout: 'none', page: lazy(() => import('./pages/AdminResetPasswordPage.tsx')) },
  { name: 'success', access: 'open', layout: 'none', page: lazy(() => import('./pages/SuccessPage.tsx')) },
  { name: 'failure', access: 'open', layout: 'none', page: lazy(() => import('./pages/FailurePage.tsx')) },
];

export const userRoutes: AppRoute[] = [
  { name: 'contestList', access: 'user', layout: 'user', page: lazy(() => import('./pages/ContestListPage.tsx')) },
  { name: 'contestDetails', access: 'user', layout: 'user', page: lazy(() => import('./pages/ContestDetailsPage.tsx')) },
  { name: 'problemPage', access: 'user', layout: 'user', page: lazy(() => import('./pages/ProblemPage.tsx')) },
  { name: 'history', access: 'user', layout: 'user', page: lazy(() => import('./pages/HistoryPage.tsx')) },
  { name: 'submission', access: 'user', layout: 'user', page: lazy(() => import('./pages/SubmissionPage.tsx')) },
  { name: 'personInfo', access: 'user', layout: 'user', page: lazy(() => import('./pages/PersonInfoPage.tsx')) },
  { name: 'userBoard', access: 'user', layout: 'user', page: lazy(() => import('./pages/LeaderboardPage.tsx')) },
];

export const routes: AppRoute[] = [...publicRoutes, ...userRoutes, ...adminRoutes];

const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

/** The document title: the route's title (`route.<name>` in the catalogues) in the current language. */
function Titled({ name, children }: { name: RouteName; children: ReactNode }) {
  const title = useT()(`route.${name}`);
  useEffect(() => {
    document.title = `${title} · Verdict`;
  }, [title]);
  return <>{children}</>;
}

function toRouteObject(route: AppRoute): RouteObject {
  const Page = route.page;
  return {
    path: paths[route.name],
    element: (
      <Titled name={route.name}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </Titled>
    ),
  };
}

function guarded(access: 'user' | 'admin', layout: ReactNode, list: AppRoute[]): RouteObject {
  return {
    element: (
      <RequireAuth access={access}>
        <Suspense fallback={<PageLoading />}>{layout}</Suspense>
      </RequireAuth>
    ),
    children: list.map(toRouteObject),
  };
}

export function buildRouteObjects(): RouteObject[] {
  const of = (layout: AppRoute['layout'], access: AppRoute['access']) =>
    routes.filter((r) => r.layout === layout && r.access === access);
  return [
    {
      element: <Outlet />,
      errorElement: <RouteErrorFallback />,
      children: [
        ...of('none', 'open').map(toRouteObject),
        guarded('user', <UserLayout />, of('user', 'user')),
        guarded('user', <Outlet />, of('none', 'user')),
        guarded('admin', <AdminLayout />, of('admin', 'admin')),
        guarded('admin', <Outlet />, of('none', 'admin')),
        { path: paths.categorizedExercises, element: <Navigate to={paths.contestList} replace /> },
        { path: '*', element: <Suspense fallback={<PageLoading />}><NotFoundPage /></Suspense> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
