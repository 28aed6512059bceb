// The worker thread of a similarity run: analyses each problem's sources off the server's event
// loop, reporting each source read; the runner (similarity-runner.ts) stores what it sends back.
import { parentPort, workerData } from 'node:worker_threads';
import { analyseProblem, type ProblemAnalysis, type SourceInput } from './analyse.ts';

export interface WorkerInput {
  problems: { problemId: number; sources: SourceInput[] }[];
  ignored: string[];
}

export type WorkerMessage = { type: 'progress'; done: number } | { type: 'result'; problems: ({ problemId: number } & ProblemAnalysis)[] };

const input = workerData as WorkerInput;
let done = 0;
let reported = 0;
const problems = input.problems.map(({ problemId, sources }) => {
  const analysis = analyseProblem(sources, input.ignored, {}, () => {
    done++;
    const now = Date.now();
    if (now - reported >= 200) {
      reported = now;
      parentPort!.postMessage({ type: 'progress', done } satisfies WorkerMessage);
    }
  });
  return { problemId, ...analysis };
});
parentPort!.postMessage({ type: 'result', problems } satisfies WorkerMessage);
