// Every route of the server, by area. The OpenAPI document is generated from this list.
import type { RouteDef } from '../http/route.ts';
import { contestRoutes } from './contests.ts';
import { docsRoutes } from './docs.ts';
import { downloadRoutes } from './download.ts';
import { healthRoutes } from './health.ts';
import { membershipRoutes } from './membership.ts';
import { problemRoutes } from './problems.ts';
import { templateRoutes } from './templates.ts';
import { uploadRoutes } from './upload.ts';
import { usersAdminRoutes } from './users-admin.ts';

export const allRoutes: RouteDef[] = [
  ...healthRoutes,
  ...uploadRoutes,
  ...downloadRoutes,
  ...contestRoutes,
  ...membershipRoutes,
  ...problemRoutes,
  ...templateRoutes,
  ...usersAdminRoutes,
  ...docsRoutes,
];
