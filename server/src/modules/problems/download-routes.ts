// Statement PDF download (spec §7 "User contest flow": POST /api/download, form {problemId}).
import { z } from 'zod';
import { fileReply, route } from '../../http/route.ts';
import { statementPdf } from './pdf.ts';

const problemId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number({ error: 'problemId must be a positive integer' }).int('problemId must be a positive integer').min(1, 'problemId must be a positive integer'),
);

export const downloadRoutes = [
  route({
    method: 'post',
    path: '/api/download',
    role: 'user',
    tag: 'problems',
    summary: "The problem's statement as PDF (the package's own PDF, else the Markdown statement rendered), named after the problem",
    reply: fileReply('application/pdf'),
    encoding: 'form',
    body: z.object({ problemId }),
    handler: async ({ body, user }, services) => statementPdf(services, user!, body.problemId),
  }),
];
