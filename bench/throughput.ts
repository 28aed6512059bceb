// Judge throughput: M submissions of A+B on a 20-test problem sent at once (POST /api/submit,
// SUBMIT_WAIT_MS=0), judged by 2 workers — in the server's judge process (JUDGE_WORKERS=2) or
// two `verdict worker` processes (--processes, needs --pg) — for C++ and Python. Throughput is
// M over the time from the first record created to the last verdict stored. The floor is the
// same work done bare on this machine (the same compile and run commands through
// child_process.spawn, no sandbox, no server), divided by the 2 workers: its ratio to the
// measured time is what the judge adds. Usage: npm run bench -- throughput [M=20] [--pg] [--processes]
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadLanguageDefinitions, DEFAULT_LANGUAGES_DIR, type Language } from '@verdict/judge';
import { PENDING_STATES } from '@verdict/server/internal/modules/submissions/submissions-states';
import { addProblem, loadAverage, median, readSource, REPO_ROOT, startBenchServer, submit } from './lib/judge-server.ts';

const args = process.argv.slice(2);
const M = Number(args.find((a) => /^\d+$/.test(a)) ?? 20);
const usePg = args.includes('--pg');
const processes = args.includes('--processes');
if (processes && !usePg) throw new Error('--processes needs --pg: worker processes on the embedded database find jobs only by polling');
const WORKERS = 2;
const TESTS = 20;
const SOURCES: Record<string, string> = {
  cpp: 'problems/aplusb/submissions/accepted/sum.cpp',
  python3: 'problems/aplusb/submissions/accepted/sum.py',
};
// The sandbox sees only /usr: the bare runs use the same toolchains, not a PATH shim.
const BARE_ENV = { ...process.env, PATH: '/usr/local/bin:/usr/bin:/bin' };

/** A+B with 20 tests (seeded, so every run judges the same data). */
function writeProblem(dir: string): void {
  fs.mkdirSync(path.join(dir, 'data/secret'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'problem.yaml'), `name: A plus B, ${TESTS} tests\nlimits:\n  time_limit: 1\n  memory: 256\n`);
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) - 2 ** 30;
  for (let i = 1; i <= TESTS; i++) {
    const [a, b] = [next(), next()];
    fs.writeFileSync(path.join(dir, `data/secret/${i}.in`), `${a} ${b}\n`);
    fs.writeFileSync(path.join(dir, `data/secret/${i}.ans`), `${a + b}\n`);
  }
}

function timeSpawn(argv: string[], cwd: string, stdinFile?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(argv[0], argv.slice(1), { cwd, env: BARE_ENV, stdio: [stdinFile ? fs.openSync(stdinFile, 'r') : 'ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - t) : reject(new Error(`${argv.join(' ')} exited ${code}`))));
  });
}

/** Bare compile (median of 3) and bare runs over the tests (median of 5 passes), ms. */
async function bareCost(language: Language, problemDir: string): Promise<{ compile: number; runs: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-bare-'));
  try {
    fs.writeFileSync(path.join(dir, language.sourceFile), readSource(SOURCES[language.id]));
    const compile: number[] = [];
    for (let i = 0; i < 3; i++) compile.push(language.compile ? await timeSpawn(language.compile, dir) : 0);
    const runs: number[] = [];
    for (let pass = 0; pass < 5; pass++) {
      let sum = 0;
      for (let i = 1; i <= TESTS; i++) sum += await timeSpawn(language.run, dir, path.join(problemDir, `data/secret/${i}.in`));
      runs.push(sum);
    }
    return { compile: median(compile), runs: median(runs) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function startWorkerProcess(databaseUrl: string): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-worker-'));
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'cli/bin/verdict.js'), 'worker', '--workers', '1', '--database-url', databaseUrl, '--data-dir', dataDir], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('Verdict judge worker') && resolve(child));
    child.on('exit', (code) => reject(new Error(`verdict worker exited ${code}`)));
  });
}

const problemDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-throughput-'));
writeProblem(problemDir);
const languages = (await loadLanguageDefinitions(DEFAULT_LANGUAGES_DIR)).filter((l) => l.id in SOURCES);
const bench = await startBenchServer({ workers: processes ? 0 : WORKERS, usePg, env: { SUBMIT_WAIT_MS: '0' } });
const workers: ChildProcess[] = [];
try {
  if (processes) workers.push(...(await Promise.all(Array.from({ length: WORKERS }, () => startWorkerProcess(bench.databaseUrl!)))));
  const { db } = bench.server.services;
  const problemId = await addProblem(bench, problemDir);
  const waitForVerdicts = async (ids: number[]) => {
    for (;;) {
      const pending = await db.selectFrom('submissions').select('id').where('id', 'in', ids).where('status', 'in', [...PENDING_STATES]).execute();
      if (pending.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  console.log(
    `A+B with ${TESTS} tests, ${M} submissions per language sent at once, ${WORKERS} workers ` +
      `(${processes ? 'two `verdict worker` processes' : "in the server's judge process"}), ${usePg ? 'PostgreSQL' : 'embedded PGlite'}\n`,
  );
  for (const language of languages) {
    const loadAtStart = loadAverage();
    const code = readSource(SOURCES[language.id]);
    const warm = await Promise.all(Array.from({ length: WORKERS }, () => submit(bench, { problemId, language: language.id, code }, { wait: false })));
    await waitForVerdicts(warm.map((w) => w.id));
    const started = performance.now();
    const sent = await Promise.all(Array.from({ length: M }, () => submit(bench, { problemId, language: language.id, code }, { wait: false })));
    const ids = sent.map((s) => s.id);
    await waitForVerdicts(ids);
    const clientMs = performance.now() - started;
    const rows = await db.selectFrom('submissions').select(['status', 'created_at', 'judge_started_at', 'judged_at', 'timings']).where('id', 'in', ids).execute();
    const wrong = rows.filter((r) => r.status !== 'AC');
    if (wrong.length) throw new Error(`${language.id}: ${wrong.length} submissions not AC (${wrong[0].status})`);
    const first = Math.min(...rows.map((r) => r.created_at.getTime()));
    const last = Math.max(...rows.map((r) => r.judged_at!.getTime()));
    const elapsed = last - first;
    const sum = (key: 'compileMs' | 'runMs' | 'checkMs' | 'totalMs') => rows.reduce((s, r) => s + r.timings![key], 0);
    // Every claim after the first WORKERS follows a verdict that freed a worker: how long it stayed free.
    const verdicts = rows.map((r) => r.judged_at!.getTime()).sort((a, b) => a - b);
    const claims = rows.map((r) => r.judge_started_at!.getTime()).sort((a, b) => a - b).slice(WORKERS);
    const idle = claims.map((c, i) => c - verdicts[i]);
    const bare = await bareCost(language, problemDir);
    const floorRuns = (M * bare.runs) / WORKERS;
    const floorAll = (M * (bare.compile + bare.runs)) / WORKERS;
    const perMinute = (n: number, ms: number) => ((n * 60_000) / ms).toFixed(1);
    console.log(`${language.name}: ${M} verdicts in ${(elapsed / 1000).toFixed(2)} s (client saw ${(clientMs / 1000).toFixed(2)} s): ${perMinute(M, elapsed)} submissions/minute`);
    console.log(
      `  judge, mean per submission: compile ${(sum('compileMs') / M).toFixed(0)} ms, run ${(sum('runMs') / M).toFixed(0)} ms, ` +
        `check ${(sum('checkMs') / M).toFixed(0)} ms, total ${(sum('totalMs') / M).toFixed(0)} ms; workers busy judging ${((100 * sum('totalMs')) / (WORKERS * elapsed)).toFixed(0)}% of the time; ` +
        `a freed worker waited ${median(idle).toFixed(0)} ms (median) for its next claim`,
    );
    console.log(`  bare, per submission: compile ${bare.compile.toFixed(0)} ms, ${TESTS} runs ${bare.runs.toFixed(1)} ms`);
    console.log(`  floor (bare runs / ${WORKERS})           ${(floorRuns / 1000).toFixed(2)} s = ${perMinute(M, floorRuns)}/min   measured / floor ${(elapsed / floorRuns).toFixed(1)}×`);
    console.log(`  floor (bare compile + runs / ${WORKERS}) ${(floorAll / 1000).toFixed(2)} s = ${perMinute(M, floorAll)}/min   measured / floor ${(elapsed / floorAll).toFixed(2)}×`);
    console.log(`  ${loadAtStart} (before), ${loadAverage()} (after)\n`);
  }
} finally {
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => (w.exitCode === null ? new Promise((resolve) => w.once('exit', resolve)) : undefined)));
  await bench.close();
  fs.rmSync(problemDir, { recursive: true, force: true });
}
