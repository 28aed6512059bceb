// `npm run openapi`: regenerate docs/openapi.json and the client's types
// (packages/shared/src/api-types.ts) from the route table.
import path from 'node:path';
import { allRoutes } from './routes.ts';
import { buildOpenApi, OPENAPI_FILE, writeOpenApi } from './openapi.ts';
import { API_TYPES_FILE, writeApiTypes } from './openapi-types.ts';

writeOpenApi(allRoutes);
writeApiTypes(buildOpenApi(allRoutes));
console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)} and ${path.relative(process.cwd(), API_TYPES_FILE)} (${allRoutes.length} operations)`);
