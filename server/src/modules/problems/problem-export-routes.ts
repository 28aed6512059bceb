// Problem export (for `verdict problem pull`): the route of problem-export.ts.
import { z } from 'zod';
import { fileReply, route } from '../../http/route.ts';
import { idField } from '../../http/fields.ts';
import { exportProblem } from './problem-export.ts';

export const problemExportRoutes = [
  route({
    method: 'get',
    path: '/api/admin/problem/export',
    role: 'admin',
    tag: 'admin problems',
    summary: "Download the problem's current package (zip), as uploaded",
    reply: fileReply('application/zip'),
    query: z.object({ problemId: idField('problemId') }).strict(),
    handler: ({ query }, services) => exportProblem(services, query.problemId),
  }),
];
