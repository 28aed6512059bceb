// Start-up time and memory of every language available here: each language's A+B program (the
// judge tests' tests/judge/programs/<id>/ac.*; the templates are skeletons that solve nothing) is compiled through the sandbox backend (COMPILES times; no precompiled
// header for C++, the judge's compiles use one: see `npm run bench -- compile`), then run RUNS
// times on "1 2" in one sandbox session, as the judge runs a submission's tests. Per language:
// median wall time of the compile, median wall and CPU time of a run (the program alone: the
// session's runner clocks it from fork to exit; CPU is what the time limit is compared with), and
// the median and largest memory peak (the run's cgroup, as the judge reports it). Runs get a
// 256 MB limit (plus the language's memoryExtraMb). Prints a Markdown table (docs/languages.md).
// Usage: npm run bench -- languages [RUNS=20] [COMPILES=3] [language ids...]
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge, type Language } from '@verdict/judge';
import { loadAverage, median } from './lib/judge-server.ts';

const numbers = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const RUNS = numbers[0] ?? 20;
const COMPILES = numbers[1] ?? 3;
const only = process.argv.slice(2).filter((a) => !/^\d+$/.test(a));
const MEMORY_MB = 256;

/** The environment and argv placeholders as the judge gives them (packages/judge/src/languages.ts), for a one-file program. */
const env = (language: Language) => ({ PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...language.env });
const expand = (argv: string[], language: Language) => {
  const values: Record<string, string> = {
    memoryMb: String(MEMORY_MB),
    memoryKb: String(MEMORY_MB * 1024),
    mainFile: language.sourceFile,
    mainClass: path.parse(language.sourceFile).name,
  };
  return argv.flatMap((arg) => (arg === '{files}' ? [language.sourceFile] : [arg.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all)]));
};

const PROGRAMS = path.resolve(import.meta.dirname, '../tests/judge/programs');
/** Languages that share another's programs. */
const PROGRAM_DIR: Record<string, string> = { pypy3: 'python3' };

/** The language's A+B program. */
function abProgram(language: Language): string {
  const folder = path.join(PROGRAMS, PROGRAM_DIR[language.id] ?? language.id);
  const file = readdirSync(folder).find((f) => f.startsWith('ac.'));
  if (!file) throw new Error(`${language.id}: no A+B program (ac.*) in ${folder}`);
  return readFileSync(path.join(folder, file), 'utf8');
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-languages-'));
chmodSync(dir, 0o755);
const inputs = path.join(dir, 'in');
mkdirSync(inputs, { mode: 0o755 });
writeFileSync(path.join(inputs, 'ab'), '1 2\n', { mode: 0o644 });
const judge = await createJudge({ backend: 'sandbox', cacheDir: path.join(dir, 'cache'), workRoot: path.join(dir, 'work-root') });
const backend = judge.backend;

interface Row {
  language: Language;
  version: string;
  compileMs?: number;
  wallMs: number;
  cpuMs: number;
  memoryMb: number;
  maxMemoryMb: number;
}

async function measure(language: Language, version: string): Promise<Row> {
  // A fresh folder per compile: what a compile leaves is not the sandbox user's to overwrite.
  const folder = (i: number) => {
    const work = path.join(dir, `${language.id}-${i}`);
    mkdirSync(work, { mode: 0o777 });
    chmodSync(work, 0o777);
    writeFileSync(path.join(work, language.sourceFile), abProgram(language), { mode: 0o644 });
    return work;
  };
  let work = folder(0);
  const compiles: number[] = [];
  for (let i = 0; i < (language.compile ? COMPILES : 0); i++) {
    if (i > 0) work = folder(i);
    const r = await backend.run({
      argv: expand(language.compile!, language),
      workDir: work,
      env: env(language),
      limits: { cpuMs: 60_000, wallMs: 120_000, memoryKb: 1024 * 1024, pids: 128, outputBytes: 1 << 20, diskKb: 256 * 1024 },
    });
    if (r.status !== 'OK') throw new Error(`${language.id}: compile ${r.status}: ${r.stderr || r.stdout}`);
    compiles.push(r.wallMs);
  }
  const memoryKb = (MEMORY_MB * language.memoryFactor + (language.memoryExtraMb ?? 0)) * 1024;
  const limits = { cpuMs: 5000, wallMs: 20_000, memoryKb, pids: 64, outputBytes: 1 << 20, diskKb: 64 * 1024 };
  const session = await backend.openSession!({ argv: expand(language.run, language), workDir: work, inputDir: inputs, env: env(language), limits });
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const r = await session.run({ stdin: { file: path.join(inputs, 'ab') } });
      if (r.status !== 'OK' || r.stdout.trim() !== '3') throw new Error(`${language.id}: run ${r.status} ${JSON.stringify(r.stdout)} ${r.stderr}`);
      runs.push(r);
    }
  } finally {
    await session.close();
  }
  const mb = (kb: number) => kb / 1024;
  return {
    language,
    version,
    compileMs: compiles.length ? median(compiles) : undefined,
    wallMs: median(runs.map((r) => r.wallMs)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    memoryMb: mb(median(runs.map((r) => r.memoryKb))),
    maxMemoryMb: mb(Math.max(...runs.map((r) => r.memoryKb))),
  };
}

try {
  const rows: Row[] = [];
  const loadBefore = loadAverage();
  for (const status of await judge.languageStatus()) {
    if (only.length && !only.includes(status.language.id)) continue;
    if (!status.available) {
      console.log(`${status.language.id}: not available (${status.reason})`);
      continue;
    }
    rows.push(await measure(status.language, status.version ?? ''));
  }
  console.log(`\nA+B program per language: ${COMPILES} compiles, ${RUNS} runs in one session each; ${loadBefore} (before)\n`);
  console.log('| language | compile (ms) | run: wall (ms) | run: CPU (ms) | memory peak (MB): median / max |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) {
    const compile = r.compileMs === undefined ? '—' : r.compileMs.toFixed(0);
    console.log(`| ${r.language.id} | ${compile} | ${r.wallMs.toFixed(1)} | ${r.cpuMs.toFixed(1)} | ${r.memoryMb.toFixed(1)} / ${r.maxMemoryMb.toFixed(1)} |`);
  }
  console.log(`\n${loadAverage()} (after)`);
  console.log('\nVersions:');
  for (const r of rows) console.log(`  ${r.language.id}: ${r.version}`);
} finally {
  await judge.close();
  rmSync(dir, { recursive: true, force: true });
}
