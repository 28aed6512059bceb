// What one more test costs: the A+B C++ program (g++ -O2) judged on a 200-test and on a 1-test
// package by the judge in this process (compiled once; its compile cache restores it after),
// per extra test = (T200 − T1) / 199, with the tests in one sandbox (sessions, the default) and
// with a sandbox per test; beside them the same binary run bare 200 times from C
// (fork/exec/wait4, stdin from the test's file) and from Node (child_process.spawn), and the
// CPU the sandbox charges to a trivial static C program (session and single runs). Series are
// interleaved, medians printed. isolate and DOMjudge's runguard cannot be installed here (not
// in Debian); their figures measured on these machines are quoted from issue 14 by
// docs/benchmarks.md.
// Usage: npm run bench -- per-test [SERIES=3]
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge, loadProblemPackage, type Judge, type Problem } from '@verdict/judge';
import { createSandboxBackend } from '@verdict/sandbox-bwrap';
import { loadAverage, REPO_ROOT } from './lib/judge-server.ts';

const SERIES = Number(process.argv[2] ?? 3);
const TESTS = 200;
const source = readFileSync(path.join(REPO_ROOT, 'problems/aplusb/submissions/accepted/sum.cpp'), 'utf8');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const BARE_C = `#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
// bare PROGRAM INPUT... : runs PROGRAM once per input (stdin from it, stdout to /dev/null).
int main(int argc, char **argv) {
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (int i = 2; i < argc; i++) {
    pid_t pid = fork();
    if (pid == 0) {
      int in = open(argv[i], O_RDONLY), out = open("/dev/null", O_WRONLY);
      dup2(in, 0); dup2(out, 1);
      execl(argv[1], argv[1], (char *)0);
      _exit(127);
    }
    int status; struct rusage ru;
    wait4(pid, &status, 0, &ru);
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("%f\\n", ((b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6) / (argc - 2));
  return 0;
}
`;

/** The CPU time a bare fork/exec/wait of a program costs its child (getrusage of the children). */
const BARE_CPU = `#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
int main(int argc, char **argv) {
  for (int i = 0; i < 200; i++) {
    pid_t pid = fork();
    if (pid == 0) { execl(argv[1], argv[1], (char *)0); _exit(127); }
    waitpid(pid, 0, 0);
  }
  struct rusage r;
  getrusage(RUSAGE_CHILDREN, &r);
  printf("%.3f\\n", (r.ru_utime.tv_sec * 1e3 + r.ru_utime.tv_usec / 1e3 + r.ru_stime.tv_sec * 1e3 + r.ru_stime.tv_usec / 1e3) / 200);
  return 0;
}
`;

function writePackage(dir: string, tests: number): string {
  mkdirSync(path.join(dir, 'data/secret'), { recursive: true });
  writeFileSync(path.join(dir, 'problem.yaml'), 'name: A plus B\nlimits:\n  time_limit: 1\n  memory: 256\n');
  for (let i = 0; i < tests; i++) {
    writeFileSync(path.join(dir, `data/secret/${String(i).padStart(3, '0')}.in`), `${i} ${i + 1}\n`);
    writeFileSync(path.join(dir, `data/secret/${String(i).padStart(3, '0')}.ans`), `${2 * i + 1}\n`);
  }
  return dir;
}

function spawnBare(binary: string, input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fd = openSync(input, 'r');
    const child = spawn(binary, [], { stdio: [fd, 'ignore', 'ignore'] });
    child.once('error', reject);
    child.once('exit', () => {
      closeSync(fd);
      resolve();
    });
  });
}

async function judgeMs(judge: Judge, problem: Problem): Promise<number> {
  const t = performance.now();
  const result = await judge.judgeSubmission({ problem, language: 'cpp', source });
  const ms = performance.now() - t;
  if (result.verdict !== 'AC') throw new Error(`expected AC, got ${result.verdict}: ${JSON.stringify(result.tests.find((x) => x.verdict !== 'AC'))}`);
  return ms;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-per-test-'));
chmodSync(dir, 0o755);
try {
  const many = await loadProblemPackage(writePackage(path.join(dir, 'many'), TESTS));
  const one = await loadProblemPackage(writePackage(path.join(dir, 'one'), 1));
  writeFileSync(path.join(dir, 'sum.cpp'), source);
  execFileSync('g++', ['-O2', '-o', path.join(dir, 'main'), path.join(dir, 'sum.cpp')]);
  writeFileSync(path.join(dir, 'bare.c'), BARE_C);
  execFileSync('gcc', ['-O2', '-o', path.join(dir, 'bare'), path.join(dir, 'bare.c')]);
  writeFileSync(path.join(dir, 'true.c'), 'int main(void) { return 0; }\n');
  writeFileSync(path.join(dir, 'bare-cpu.c'), BARE_CPU);
  execFileSync('gcc', ['-O2', '-o', path.join(dir, 'bare-cpu'), path.join(dir, 'bare-cpu.c')]);
  const trueDir = path.join(dir, 'true');
  mkdirSync(trueDir, { mode: 0o755 });
  execFileSync('gcc', ['-O2', '-static', '-o', path.join(trueDir, 'prog'), path.join(dir, 'true.c')]);
  const inputs = many.tests.map((t) => t.input);

  const withSessions = await createJudge({ backend: 'sandbox' });
  const withoutSessions = await createJudge({ backend: 'sandbox', sessions: false });
  await judgeMs(withSessions, one); // compiles once; later judgings restore it from the cache
  await judgeMs(withoutSessions, one);

  const figures: Record<string, number[]> = { bareC: [], bareNode: [], session: [], perRun: [] };
  console.log(`per extra test of a ${TESTS}-test A+B package (C++), ${SERIES} series; ${loadAverage()} (before)`);
  for (let s = 0; s < SERIES; s++) {
    figures.bareC.push(Number(execFileSync(path.join(dir, 'bare'), [path.join(dir, 'main'), ...inputs], { encoding: 'utf8' })));
    const t = performance.now();
    for (const input of inputs) await spawnBare(path.join(dir, 'main'), input);
    figures.bareNode.push((performance.now() - t) / inputs.length);
    for (const [name, judge] of [['session', withSessions], ['perRun', withoutSessions]] as const) {
      const t200 = await judgeMs(judge, many);
      const t1 = median([await judgeMs(judge, one), await judgeMs(judge, one), await judgeMs(judge, one)]);
      figures[name].push((t200 - t1) / (TESTS - 1));
    }
    const line = Object.entries(figures).map(([k, v]) => `${k} ${v[s].toFixed(2)} ms`).join(', ');
    console.log(`series ${s + 1}: ${line}`);
  }
  const bare = median(figures.bareC);
  console.log('\nmedians per run / per extra test:');
  const rows: [string, number][] = [
    ['bare fork/exec/wait4 from C', bare],
    ['bare child_process.spawn from Node', median(figures.bareNode)],
    ['verdict judge, tests in one sandbox (session)', median(figures.session)],
    ['verdict judge, a sandbox per test', median(figures.perRun)],
  ];
  for (const [name, ms] of rows) console.log(`${name.padEnd(48)} ${ms.toFixed(2).padStart(7)} ms  ${(ms / bare).toFixed(2)}× bare  (+${(ms - bare).toFixed(2)} ms)`);

  // CPU charged to a trivial static program: a session's runs and single runs.
  const backend = createSandboxBackend();
  const limits = { cpuMs: 1000, memoryKb: 64 * 1024 };
  const inputDir = path.join(dir, 'inputs');
  mkdirSync(inputDir, { mode: 0o755 });
  writeFileSync(path.join(inputDir, '0'), '');
  const session = await backend.openSession({ argv: ['./prog'], workDir: trueDir, inputDir, limits });
  // The A+B binary's runs alone in a session, stdout kept in memory as the judge asks for it:
  // what the judge adds on top is its checker and bookkeeping.
  const mainDir = path.join(dir, 'main-dir');
  mkdirSync(mainDir, { mode: 0o755 });
  execFileSync('cp', [path.join(dir, 'main'), path.join(mainDir, 'main')]);
  for (const [i, input] of inputs.entries()) writeFileSync(path.join(inputDir, `t${i}`), readFileSync(input));
  const aplusb = await backend.openSession({ argv: ['./main'], workDir: mainDir, inputDir, limits });
  const sessionWall: number[] = [];
  for (let i = 0; i < TESTS; i++) {
    const t = performance.now();
    const r = await aplusb.run({ stdin: { file: path.join(inputDir, `t${i}`) }, stdoutBuffer: true });
    sessionWall.push(performance.now() - t);
    if (r.status !== 'OK') throw new Error(`A+B in a session: ${r.status} ${r.message}`);
  }
  await aplusb.close();
  console.log(`\nA+B run alone in a session (backend, no checker): ${median(sessionWall).toFixed(2)} ms per test (median)`);
  const sessionCpu: number[] = [];
  const runCpu: number[] = [];
  for (let i = 0; i < 200; i++) {
    const r = await session.run({ stdin: { file: path.join(inputDir, '0') } });
    if (r.status !== 'OK') throw new Error(`trivial program: ${r.status} ${r.message}`);
    sessionCpu.push(r.cpuMs);
  }
  await session.close();
  for (let i = 0; i < 50; i++) runCpu.push((await backend.run({ argv: ['./prog'], workDir: trueDir, limits })).cpuMs);
  await backend.close();
  const bareCpu = execFileSync(path.join(dir, 'bare-cpu'), [path.join(trueDir, 'prog')], { encoding: 'utf8' }).trim();
  console.log(`CPU charged to a trivial static program: session ${median(sessionCpu).toFixed(3)} ms, single run ${median(runCpu).toFixed(3)} ms (medians); bare ${bareCpu} ms (rusage of its children, mean)`);
  await withSessions.close();
  await withoutSessions.close();
  console.log(`${loadAverage()} (after)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
