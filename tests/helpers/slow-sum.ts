// A small A+B problem whose accepted Python takes half a second of CPU per test (a couple of
// seconds per submission): long enough to kill, stall or watch the process judging it.
import fs from 'node:fs';
import path from 'node:path';
import { createProblemFromPackage } from '@verdict/server/internal/modules/problems/upload';
import { PENDING_STATES } from '@verdict/server/internal/modules/submissions/submissions-states';
import { zipOf } from './package-zip.ts';
import type { TestServer } from './server.ts';

export const SUM_AC = 'a, b = map(int, input().split())\nprint(a + b)\n';
export const SLOW_SUM_AC = `import time\nend = time.process_time() + 0.5\nwhile time.process_time() < end:\n    pass\n${SUM_AC}`;

/** A final verdict (not waiting, compiling or judging). */
export const isFinal = (status: string): boolean => !(PENDING_STATES as readonly string[]).includes(status);

/** Adds the 3-test sum problem (5 s limit) to the server through the upload pipeline; its id. */
export async function addSlowSumProblem(server: TestServer): Promise<number> {
  const files: Record<string, string> = { 'sum/problem.yaml': 'name: Slow sum\nlimits:\n  time_limit: 5\n  memory: 128\n' };
  for (let i = 1; i <= 3; i++) {
    files[`sum/data/secret/${i}.in`] = `${i} ${i}\n`;
    files[`sum/data/secret/${i}.ans`] = `${2 * i}\n`;
  }
  const zipPath = path.join(server.dataDir, 'slow-sum.zip');
  fs.writeFileSync(zipPath, await zipOf(files));
  return (await createProblemFromPackage(server.services, zipPath)).problemId;
}
