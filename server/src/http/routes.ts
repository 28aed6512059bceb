// Every route of the server, by area. The OpenAPI document is generated from this list.
import type { RouteDef } from './route.ts';
import { apiTokenRoutes } from '../modules/accounts/api-token-routes.ts';
import { judgeQueueRoutes } from '../modules/judging/judge-queue-routes.ts';
import { captchaRoutes, captchaTestRoutes } from '../modules/accounts/captcha-routes.ts';
import { balloonRoutes } from '../modules/balloons/balloons-routes.ts';
import { similarityRoutes } from '../modules/similarity/similarity-routes.ts';
import { clarificationRoutes } from '../modules/clarifications/clarifications-routes.ts';
import { ccsRoutes } from '../modules/ccs/ccs-routes.ts';
import { ccsAdminRoutes } from '../modules/ccs/ccs-admin-routes.ts';
import { contestRoutes } from '../modules/contests/contests-routes.ts';
import { docsRoutes } from './docs-routes.ts';
import { eventRoutes } from '../modules/events/events-routes.ts';
import { downloadRoutes } from '../modules/problems/download-routes.ts';
import { healthRoutes } from './health-routes.ts';
import { leaderboardRoutes } from '../modules/contests/leaderboard-routes.ts';
import { recordRoutes } from '../modules/submissions/records-routes.ts';
import { submissionRoutes } from '../modules/submissions/submissions-routes.ts';
import { membershipRoutes } from '../modules/contests/membership-routes.ts';
import { problemRoutes } from '../modules/problems/problems-routes.ts';
import { limitsRoutes } from '../modules/problems/limits-routes.ts';
import { problemExportRoutes } from '../modules/problems/problem-export-routes.ts';
import { shadowRoutes } from '../modules/shadow/shadow-routes.ts';
import { sessionRoutes } from '../modules/accounts/session-routes.ts';
import { templateRoutes } from '../modules/problems/templates-routes.ts';
import { uploadRoutes } from '../modules/problems/upload-routes.ts';
import { usersAdminRoutes } from '../modules/users/users-admin-routes.ts';
import { usersSelfRoutes } from '../modules/users/users-self-routes.ts';

export const allRoutes: RouteDef[] = [
  ...healthRoutes,
  ...sessionRoutes,
  ...usersSelfRoutes,
  ...captchaRoutes,
  ...uploadRoutes,
  ...downloadRoutes,
  ...contestRoutes,
  ...membershipRoutes,
  ...problemRoutes,
  ...limitsRoutes,
  ...problemExportRoutes,
  ...templateRoutes,
  ...usersAdminRoutes,
  ...apiTokenRoutes,
  ...judgeQueueRoutes,
  ...submissionRoutes,
  ...recordRoutes,
  ...leaderboardRoutes,
  ...clarificationRoutes,
  ...balloonRoutes,
  ...similarityRoutes,
  ...ccsAdminRoutes,
  ...shadowRoutes,
  ...ccsRoutes,
  ...eventRoutes,
  ...docsRoutes(() => allRoutes),
];

/** Hooks for tests, registered only when NODE_ENV=test. */
export const testOnlyRoutes: RouteDef[] = [...captchaTestRoutes];
