// Problem test data upload (spec §7 Admin/Problems, §5 upload rules).
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { checkZipUpload, importProblemPackage } from './upload.ts';
import { importResult } from './wire.ts';

const problemId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: 'problemId must be a positive integer' }).int('problemId must be a positive integer').min(1, 'problemId must be a positive integer'),
);

export const uploadRoutes = [
  route({
    method: 'post',
    path: '/api/admin/problem/upload',
    role: 'admin',
    tag: 'admin problems',
    summary: 'Upload a problem package (zip, Kattis layout or flat pairs) as the next version of its test data',
    encoding: 'multipart',
    maxFileSize: (config) => config.uploadMaxBytes,
    body: z.object({ problemId }),
    reply: importResult,
    handler: async ({ body, files }, services) => {
      const file = await checkZipUpload(files.file);
      return importProblemPackage(services, body.problemId, file.path);
    },
  }),
];
