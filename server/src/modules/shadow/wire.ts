// The shadow module's reply shapes: declared once, here; the services return their z.infer types.
import { z } from 'zod';

/** A cell of the matrix: their verdict × ours, with the submissions behind it. */
const matrixCell = z.object({
  theirs: z.string(),
  ours: z.string(),
  submissions: z.array(z.object({ theirId: z.string(), submissionId: z.number().int().nullable(), refused: z.string().nullable() })),
});
export type ShadowMatrixCell = z.infer<typeof matrixCell>;

export const shadowReportReply = z.object({
  source: z.string(),
  running: z.boolean(),
  sinceToken: z.string().nullable(),
  error: z.string().nullable(),
  submissions: z.number().int(),
  differences: z.number().int(),
  matrix: z.array(matrixCell),
});
export type ShadowReport = z.infer<typeof shadowReportReply>;
