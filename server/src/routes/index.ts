// Every route of the server, by area. The OpenAPI document is generated from this list.
import type { RouteDef } from '../http/route.ts';
import { healthRoutes } from './health.ts';
import { uploadRoutes } from './upload.ts';

export const allRoutes: RouteDef[] = [...healthRoutes, ...uploadRoutes];
