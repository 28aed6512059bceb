// Submit → verdict latency for A+B (problems/aplusb, 14 tests) in C++, Python and Java through
// the real server: POST /api/submit (SUBMIT_WAIT_MS=0, so it replies at once), then GET
// /api/JudgeRecord/detail every 20 ms until the verdict is final. One judge worker, one
// submission at a time (a short pause between them), languages interleaved. The split comes
// from the record: created_at → judge_started_at (queue wait) → the judge's phase timings
// (compile, run, check; the rest of its total is work-dir set-up and removal) → judged_at
// (the rest: problem and package look-up, storing the verdict).
// Usage: npm run bench -- latency [N=10] [--pg] [--langs cpp,python3,java]
import type { Kysely } from 'kysely';
import type { DB } from '@verdict/server/internal/db/schema';
import { addProblem, loadAverage, median, readSource, REPO_ROOT, startBenchServer, submit, type BenchServer } from './lib/judge-server.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 10);
const usePg = args.includes('--pg');
const langsArg = args[args.indexOf('--langs') + 1];
const languages = args.includes('--langs') && langsArg ? langsArg.split(',') : ['cpp', 'python3', 'java'];
const SOURCES: Record<string, string> = {
  cpp: 'problems/aplusb/submissions/accepted/sum.cpp',
  python3: 'problems/aplusb/submissions/accepted/sum.py',
  java: 'problems/aplusb/submissions/accepted/Main.java',
};
const PAUSE_MS = 300;

interface Sample {
  client: number;
  endToEnd: number;
  queue: number;
  compile: number;
  run: number;
  check: number;
  judgeOther: number;
  workerOther: number;
  reply: number;
}
const COLUMNS: [keyof Sample, string][] = [
  ['queue', 'queue wait'],
  ['compile', 'compile'],
  ['run', 'run (all tests)'],
  ['check', 'check'],
  ['judgeOther', 'judge: work dirs'],
  ['workerOther', 'worker: load + store'],
];

async function measure(bench: BenchServer, db: Kysely<DB>, problemId: number, language: string): Promise<Sample> {
  const s = await submit(bench, { problemId, language, code: readSource(SOURCES[language]) });
  if (s.verdict !== 'AC') throw new Error(`${language}: expected AC, got ${s.verdict}`);
  const row = await db
    .selectFrom('submissions')
    .select(['created_at', 'judge_started_at', 'judged_at', 'timings'])
    .where('id', '=', s.id)
    .executeTakeFirstOrThrow();
  const t = row.timings;
  if (!t || !row.judge_started_at || !row.judged_at) throw new Error(`${language}: record ${s.id} has no timings`);
  const created = row.created_at.getTime();
  const started = row.judge_started_at.getTime();
  const judged = row.judged_at.getTime();
  return {
    client: s.clientMs,
    endToEnd: judged - created,
    queue: started - created,
    compile: t.compileMs,
    run: t.runMs,
    check: t.checkMs,
    judgeOther: t.totalMs - t.compileMs - t.runMs - t.checkMs,
    workerOther: judged - started - t.totalMs,
    reply: s.clientMs - (judged - created),
  };
}

const loadAtStart = loadAverage();
const bench = await startBenchServer({ workers: 1, usePg, env: { SUBMIT_WAIT_MS: '0' } });
try {
  const { db } = bench.server.services;
  const problemId = await addProblem(bench, `${REPO_ROOT}/problems/aplusb`);
  const cold = new Map<string, Sample>();
  for (const language of languages) cold.set(language, await measure(bench, db, problemId, language));
  const samples = new Map<string, Sample[]>(languages.map((l) => [l, []]));
  for (let i = 0; i < N; i++) {
    for (const language of languages) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      samples.get(language)!.push(await measure(bench, db, problemId, language));
    }
  }

  const ms = (x: number) => `${x.toFixed(1)}`.padStart(8);
  console.log(`A+B (14 tests), ${N} submissions per language after one cold one, 1 worker, ${usePg ? 'PostgreSQL' : 'embedded PGlite'}; ${loadAtStart} (before)`);
  console.log(`medians in ms; share = Σ phase / Σ created→judged over the ${N} submissions\n`);
  console.log(`${'language'.padEnd(9)}${'client'.padStart(8)}${'created→judged'.padStart(16)}  ${COLUMNS.map(([, h]) => h.padStart(Math.max(h.length, 8) + 8)).join('')}${'reply'.padStart(8)}`);
  for (const language of languages) {
    const list = samples.get(language)!;
    const total = list.reduce((sum, s) => sum + s.endToEnd, 0);
    const cells = COLUMNS.map(([key, h]) => {
      const share = list.reduce((sum, s) => sum + s[key], 0) / total;
      return `${ms(median(list.map((s) => s[key])))} (${(share * 100).toFixed(0).padStart(2)}%)`.padStart(Math.max(h.length, 8) + 8);
    });
    console.log(`${language.padEnd(9)}${ms(median(list.map((s) => s.client)))}${ms(median(list.map((s) => s.endToEnd))).padStart(16)}  ${cells.join('')}${ms(median(list.map((s) => s.reply)))}`);
  }
  console.log('\ncold (first submission per language: toolchain probe, package unpack, JIT):');
  for (const [language, s] of cold) {
    console.log(`${language.padEnd(9)}${ms(s.client)}${ms(s.endToEnd).padStart(16)}  ${COLUMNS.map(([key, h]) => ms(s[key]).padStart(Math.max(h.length, 8) + 8)).join('')}${ms(s.reply)}`);
  }
  console.log(`\n${loadAverage()} (after)`);
} finally {
  await bench.close();
}
