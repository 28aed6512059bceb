// The admin screens' routes (spec §2); routes.tsx merges them into the one route table and wraps
// `layout: 'admin'` routes in <RequireAuth access="admin"><AdminLayout/></RequireAuth> (AdminLayout
// loaded lazily from layouts/AdminLayout.tsx).

import { lazy } from 'react';
import type { AppRoute } from '../../routeTypes.ts';

export const adminRoutes: AppRoute[] = [
  { name: 'adminNav', access: 'admin', layout: 'admin', page: lazy(() => import('./AdminNavPage.tsx')) },
  { name: 'userManagement', access: 'admin', layout: 'admin', page: lazy(() => import('./UserManagementPage.tsx')) },
  { name: 'problemManagement', access: 'admin', layout: 'admin', page: lazy(() => import('./ProblemManagementPage.tsx')) },
  { name: 'contestManagement', access: 'admin', layout: 'admin', page: lazy(() => import('./ContestManagementPage.tsx')) },
  { name: 'templateManagement', access: 'admin', layout: 'admin', page: lazy(() => import('./TemplateManagementPage.tsx')) },
  { name: 'submissionManagement', access: 'admin', layout: 'admin', page: lazy(() => import('./SubmissionManagementPage.tsx')) },
  { name: 'clarificationManagement', access: 'admin', layout: 'admin', page: lazy(() => import('./ClarificationManagementPage.tsx')) },
  { name: 'balloons', access: 'admin', layout: 'admin', page: lazy(() => import('./BalloonsPage.tsx')) },
  { name: 'similarity', access: 'admin', layout: 'admin', page: lazy(() => import('./SimilarityPage.tsx')) },
  { name: 'adminPersonInfo', access: 'admin', layout: 'admin', page: lazy(() => import('./AdminPersonInfoPage.tsx')) },
  // The scoreboard stands alone (its own Home and Back buttons), wide enough for many problems.
  { name: 'adminContestDetail', access: 'admin', layout: 'none', page: lazy(() => import('./AdminContestDetailPage.tsx')) },
];
