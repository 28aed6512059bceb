// Every route of the server, by area. The OpenAPI document is generated from this list.
import type { RouteDef } from '../http/route.ts';
import { captchaRoutes, captchaTestRoutes } from './captcha.ts';
import { contestRoutes } from './contests.ts';
import { docsRoutes } from './docs.ts';
import { downloadRoutes } from './download.ts';
import { healthRoutes } from './health.ts';
import { leaderboardRoutes } from './leaderboard.ts';
import { recordRoutes } from './records.ts';
import { submissionRoutes } from './submissions.ts';
import { membershipRoutes } from './membership.ts';
import { problemRoutes } from './problems.ts';
import { problemExportRoutes } from './problem-export.ts';
import { sessionRoutes } from './session.ts';
import { templateRoutes } from './templates.ts';
import { uploadRoutes } from './upload.ts';
import { usersAdminRoutes } from './users-admin.ts';

export const allRoutes: RouteDef[] = [
  ...healthRoutes,
  ...sessionRoutes,
  ...captchaRoutes,
  ...uploadRoutes,
  ...downloadRoutes,
  ...contestRoutes,
  ...membershipRoutes,
  ...problemRoutes,
  ...problemExportRoutes,
  ...templateRoutes,
  ...usersAdminRoutes,
  ...submissionRoutes,
  ...recordRoutes,
  ...leaderboardRoutes,
  ...docsRoutes(() => allRoutes),
];

/** Hooks for tests, registered only when NODE_ENV=test. */
export const testOnlyRoutes: RouteDef[] = [...captchaTestRoutes];
