// `npm run openapi`: regenerate docs/openapi.json from the route table.
import path from 'node:path';
import { allRoutes } from './routes.ts';
import { OPENAPI_FILE, writeOpenApi } from './openapi.ts';

writeOpenApi(allRoutes);
console.log(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)} (${allRoutes.length} operations)`);
