// Seam for the admin screens (owned by the admin-screens work): their routes and layout.
// routes.tsx merges `adminRoutes` into the route table and wraps `layout: 'admin'` routes in
// <RequireAuth access="admin"><AdminLayout/></RequireAuth>. Until the screens land, each
// admin route shows a placeholder.

import { lazy } from 'react';
import { Outlet } from 'react-router';
import type { AppRoute } from '../../routeTypes.ts';

const Placeholder = lazy(() => import('./AdminPlaceholder.tsx'));

export const adminRoutes: AppRoute[] = [
  { name: 'adminNav', access: 'admin', layout: 'admin', title: 'Admin', page: Placeholder },
  { name: 'userManagement', access: 'admin', layout: 'admin', title: 'Users', page: Placeholder },
  { name: 'problemManagement', access: 'admin', layout: 'admin', title: 'Problems', page: Placeholder },
  { name: 'contestManagement', access: 'admin', layout: 'admin', title: 'Contests', page: Placeholder },
  { name: 'templateManagement', access: 'admin', layout: 'admin', title: 'Templates', page: Placeholder },
  { name: 'submissionManagement', access: 'admin', layout: 'admin', title: 'Submissions', page: Placeholder },
  { name: 'adminPersonInfo', access: 'admin', layout: 'admin', title: 'Admin Profile', page: Placeholder },
  { name: 'adminContestDetail', access: 'admin', layout: 'admin', title: 'Scoreboard', page: Placeholder },
];

/** Chrome of the management area; renders the page through <Outlet/>. */
export function AdminLayout() {
  return <Outlet />;
}
