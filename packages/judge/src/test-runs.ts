// How a submission's tests are run: in one sandbox for all of them when the backend offers
// sessions (set up once; see the backend's openSession), else one sandbox per test. A session
// that cannot be opened, or that fails (SE) on a test, hands that test and the rest to run().
import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { chmod, link, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { JudgeBackend, RunLimits, RunResult, RunSession } from './plugin-api.ts';
import type { TestCase } from './types.ts';
import { copyReadable, copyTree, makeWorkDir, removeDir } from './workspace.ts';

export interface TestRunPlan {
  backend: JudgeBackend;
  workRoot: string;
  argv: string[];
  workDir: string;
  env: Record<string, string> | undefined;
  limits: RunLimits;
  tests: TestCase[];
  /** false: one sandbox per test even when the backend offers sessions. */
  sessions: boolean;
  /** Told why the tests ran one sandbox each although the backend offers sessions. */
  log?: (message: string) => void;
}

export interface TestRuns {
  /** A session's run returns its stdout in stdoutBuffer; a run of its own writes outputFile. */
  run(index: number, outputFile: string): Promise<RunResult>;
  close(): Promise<void>;
}

export async function openTestRuns(plan: TestRunPlan): Promise<TestRuns> {
  const { backend } = plan;
  let session: RunSession | null = null;
  let inputDir: string | null = null;
  let names: string[] = [];
  if (backend.openSession && plan.sessions && plan.tests.length > 1) {
    try {
      inputDir = await makeWorkDir(plan.workRoot, 'inputs');
      names = await linkInputs(plan.tests, inputDir);
      session = await backend.openSession({ argv: plan.argv, workDir: plan.workDir, inputDir, env: plan.env, limits: plan.limits });
    } catch (err) {
      plan.log?.(`tests run one sandbox each: no session (${(err as Error).message})`);
    }
  }
  // A run of its own starts from the compiled program alone, in a copy of its folder: a run's
  // folder comes back to the host with what the program left in it, and a test run again (or
  // the next test) read what the run before had written (a table it spent its time computing:
  // TLE became AC; found by a hostile review). A session's tests leave nothing anyway.
  const single = async (index: number, outputFile: string) => {
    const workDir = await makeWorkDir(plan.workRoot, 'submission');
    try {
      await copyTree(plan.workDir, workDir);
      // The program's own files count in its memory, as in a session (chargeWorkDir).
      return await backend.run({ argv: plan.argv, workDir, env: plan.env, stdin: { file: plan.tests[index].input }, stdoutFile: outputFile, limits: plan.limits, chargeWorkDir: true });
    } finally {
      await removeDir(workDir);
    }
  };
  return {
    async run(index, outputFile) {
      if (!session) return single(index, outputFile);
      // The output stays in memory: the checker reads it there (or writes the file it needs).
      const result = await session.run({ stdin: { file: path.join(inputDir!, names[index]) }, stdoutBuffer: true });
      if (result.status !== 'SE') return result;
      // The session's own failure: the test is run again on its own, and so are the rest.
      plan.log?.(`tests run one sandbox each from test ${index + 1}: the session failed (${result.message ?? 'SE'})`);
      await session.close().catch(() => undefined);
      session = null;
      return single(index, outputFile);
    },
    async close() {
      await session?.close().catch(() => undefined);
      session = null;
      if (inputDir) await removeDir(inputDir);
    },
  };
}

/**
 * The inputs in one folder the sandbox shows read-only: hard links when the file is readable by
 * everyone (the sandbox user reads it), else copies readable by everyone. Never the answers: the
 * package's folders are not shown. A test must not read another test's input (it could print a
 * hidden input, which a checker's message may show), so each has an unguessable name and the
 * folder cannot be listed (mode 0711): a test's program knows only its own input, as stdin.
 */
async function linkInputs(tests: TestCase[], dir: string): Promise<string[]> {
  const names = tests.map(() => randomBytes(16).toString('hex'));
  const linkOne = async (index: number) => {
    const test = tests[index];
    const target = path.join(dir, names[index]);
    const file = await realpath(test.input);
    const st = await stat(file);
    if (!st.isFile()) throw new Error(`test input ${test.input} is not a file`);
    const readable = (st.mode & fsConstants.S_IROTH) !== 0;
    if (!readable || !(await link(file, target).then(() => true, () => false))) await copyReadable(file, target);
  };
  // Several at once: each is three or four round trips through the thread pool (~0.3 ms for
  // one, 60 ms for 200 one after another).
  for (let start = 0; start < tests.length; start += LINKS_AT_ONCE) {
    await Promise.all(names.slice(start, start + LINKS_AT_ONCE).map((_, k) => linkOne(start + k)));
  }
  await chmod(dir, 0o711);
  return names;
}

const LINKS_AT_ONCE = 16;
