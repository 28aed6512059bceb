// The one route table (spec §2): every screen, who may open it, its chrome, its lazily loaded page.

import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import type { AppRoute } from './routeTypes.ts';
import { paths } from './lib/paths.ts';
import { RequireAuth } from './components/RequireAuth.tsx';
import { PageLoading } from './components/PageLoading.tsx';
import { RouteErrorFallback } from './components/ErrorBoundary.tsx';
import { UserLayout } from './layouts/UserLayout.tsx';
import { adminRoutes, AdminLayout } from './pages/admin/routes.tsx';

export const publicRoutes: AppRoute[] = [
  { name: 'home', access: 'open', layout: 'none', title: 'Home', page: lazy(() => import('./pages/HomePage.tsx')) },
  { name: 'login', access: 'open', layout: 'none', title: 'User Login', page: lazy(() => import('./pages/LoginPage.tsx')) },
  { name: 'adminLogin', access: 'open', layout: 'none', title: 'Admin Login', page: lazy(() => import('./pages/AdminLoginPage.tsx')) },
  { name: 'register', access: 'open', layout: 'none', title: 'Register', page: lazy(() => import('./pages/RegisterPage.tsx')) },
  { name: 'resetPassword', access: 'open', layout: 'none', title: 'Reset Password', page: lazy(() => import('./pages/ResetPasswordPage.tsx')) },
  { name: 'adminResetPassword', access: 'open', layout: 'none', title: 'Admin Reset Password', page: lazy(() => import('./pages/AdminResetPasswordPage.tsx')) },
  { name: 'success', access: 'open', layout: 'none', title: 'Login Success', page: lazy(() => import('./pages/SuccessPage.tsx')) },
  { name: 'failure', access: 'open', layout: 'none', title: 'Submission Failed', page: lazy(() => import('./pages/FailurePage.tsx')) },
];

export const userRoutes: AppRoute[] = [
  { name: 'contestList', access: 'user', layout: 'user', title: 'Contest List', page: lazy(() => import('./pages/ContestListPage.tsx')) },
  { name: 'contestDetails', access: 'user', layout: 'user', title: 'Contest Details', page: lazy(() => import('./pages/ContestDetailsPage.tsx')) },
  { name: 'problemPage', access: 'user', layout: 'user', title: 'Problem', page: lazy(() => import('./pages/ProblemPage.tsx')) },
  { name: 'history', access: 'user', layout: 'user', title: 'Judge Records', page: lazy(() => import('./pages/HistoryPage.tsx')) },
  { name: 'personInfo', access: 'user', layout: 'user', title: 'Personal Info', page: lazy(() => import('./pages/PersonInfoPage.tsx')) },
  { name: 'userBoard', access: 'user', layout: 'user', title: 'Leaderboard', page: lazy(() => import('./pages/LeaderboardPage.tsx')) },
];

export const routes: AppRoute[] = [...publicRoutes, ...userRoutes, ...adminRoutes];

const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

function Titled({ title, children }: { title: string; children: ReactNode }) {
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
      <Titled title={route.title}>
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </Titled>
    ),
  };
}

function guarded(access: 'user' | 'admin', layout: ReactNode, list: AppRoute[]): RouteObject {
  return { element: <RequireAuth access={access}>{layout}</RequireAuth>, children: list.map(toRouteObject) };
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
