// C++ compiles side by side in one run, interleaved: plain `g++ -std=c++17 -O2` on the host, and a
// never-seen A+B with <bits/stdc++.h> judged on a 1-test package by Verdict's judge in this
// process (sandboxed compile and run), with the precompiled header (built once before the
// series, as a judge does on first use) and without it. Each round's source is new, so the
// compile cache never answers. Prints medians of the judge's total and compile phase and their
// ratio to plain g++.
// Also in each round, unless --no-cli: the whole `verdict judge PACKAGE SOURCE --json` command on a
// new source (a child process: Node's start-up, the CLI, the sandbox check, the toolchain probe,
// the compile with the header, the test) from the CLI's JavaScript build (dist/cli, made first by
// `npm run build`) and from the TypeScript sources through tsx, and `verdict --help` from each
// (the start-up alone). The target of issue 14: the command from the build ≤ 0.6 of plain g++.
// A source edited while the series runs (other work in the same tree) makes the build stale, and
// the command would fall back to the sources: the build is checked before each of its runs and
// made again (outside the timed part) when stale; the number of rebuilds is printed.
// Usage: npm run bench -- compile [ROUNDS=15] [--no-cli]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge, loadProblemPackage, type Language } from '@verdict/judge';
import { checkBuild } from '../cli/bin/fresh-build.js';
import { loadAverage, REPO_ROOT } from './lib/judge-server.ts';

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 15);
const CLI = !process.argv.includes('--no-cli');
const VERDICT = path.join(REPO_ROOT, 'cli/bin/verdict.js');
/** The environment of the command from its build (dist/cli) and from the sources (a build folder that does not exist). */
const FROM = { build: process.env, sources: { ...process.env, VERDICT_BUILD_DIR: path.join(REPO_ROOT, 'dist/no-build') } };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-compile-'));
// New in every run of the benchmark too: the CLI's compile cache (in the user's cache folder) outlives the run.
const RUN = Date.now();
const source = (n: number) =>
  `#include <bits/stdc++.h>\nusing namespace std;\nint main() { long long a, b; cin >> a >> b; cout << a + b + ${n} - ${n} << "\\n"; } // ${RUN}\n`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  fs.mkdirSync(path.join(dir, 'problem/data/secret'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'problem/problem.yaml'), 'name: A+B\n');
  fs.writeFileSync(path.join(dir, 'problem/data/secret/1.in'), '1 2\n');
  fs.writeFileSync(path.join(dir, 'problem/data/secret/1.ans'), '3\n');
  const problem = await loadProblemPackage(path.join(dir, 'problem'));
  const judge = await createJudge({ cacheDir: path.join(dir, 'cache'), log: (m) => console.log(`  judge: ${m}`) });
  const cpp = (await judge.languages()).find((l) => l.id === 'cpp')!;
  const withoutHeader: Language = { ...cpp, precompiledHeader: undefined };
  let n = 0;
  const judged = async (language: Language) => {
    const result = await judge.judgeSubmission({ problem, language, source: source(++n + 1000) });
    if (result.verdict !== 'AC') throw new Error(`${result.verdict}: ${result.compileMessage}`);
    return result.timings!;
  };
  const plain = () => {
    const file = path.join(dir, `plain${++n}.cpp`);
    fs.writeFileSync(file, source(n));
    const started = performance.now();
    execFileSync('g++', ['-std=c++17', '-O2', '-pipe', '-o', path.join(dir, 'plain'), file]);
    return performance.now() - started;
  };
  /** The wall time of `verdict ARGS` as a child process (which must exit 0). */
  let rebuilds = 0;
  const build = () => execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const verdict = (from: keyof typeof FROM, args: string[]) => {
    if (from === 'build' && !checkBuild(path.join(REPO_ROOT, 'dist/cli'), REPO_ROOT).fresh) {
      build();
      rebuilds++;
    }
    const started = performance.now();
    const child = spawnSync(process.execPath, [VERDICT, ...args], { env: FROM[from], encoding: 'utf8' });
    const ms = performance.now() - started;
    if (child.status !== 0) throw new Error(`verdict ${args.join(' ')} (${from}) exited ${child.status}: ${child.stderr}${child.stdout}`);
    return ms;
  };
  const command = (from: keyof typeof FROM) => {
    const file = path.join(dir, `cli${++n}.cpp`);
    fs.writeFileSync(file, source(n + 1000));
    return verdict(from, ['judge', path.join(dir, 'problem'), file, '--json']);
  };
  if (CLI) {
    build();
    command('build'); // the header, built once for the CLI's cache folder
    command('sources');
  }
  // Warm-up: the header is built on first use (and reported by the judge's log).
  await judged(cpp);
  await judged(withoutHeader);
  plain();
  const series = { plain: [] as number[], pchTotal: [] as number[], pchCompile: [] as number[], noPchTotal: [] as number[], noPchCompile: [] as number[] };
  const cli = { build: [] as number[], sources: [] as number[], helpBuild: [] as number[], helpSources: [] as number[] };
  const loadBefore = loadAverage();
  for (let i = 0; i < ROUNDS; i++) {
    series.plain.push(plain());
    const a = await judged(cpp);
    series.pchTotal.push(a.totalMs);
    series.pchCompile.push(a.compileMs);
    const b = await judged(withoutHeader);
    series.noPchTotal.push(b.totalMs);
    series.noPchCompile.push(b.compileMs);
    if (CLI) {
      cli.build.push(command('build'));
      cli.sources.push(command('sources'));
      cli.helpBuild.push(verdict('build', ['--help']));
      cli.helpSources.push(verdict('sources', ['--help']));
    }
  }
  await judge.close();
  const g = median(series.plain);
  console.log(`\nC++ A+B with <bits/stdc++.h>, a new source each time, ${ROUNDS} rounds interleaved; ${loadBefore} (before)`);
  const row = (name: string, ms: number) => console.log(`${name.padEnd(52)} median ${ms.toFixed(0).padStart(6)} ms   ${(ms / g).toFixed(2)}× g++`);
  row('plain g++ -std=c++17 -O2 (host, no sandbox)', g);
  row('verdict judge, 1 test, precompiled header: total', median(series.pchTotal));
  row('  of which the compile', median(series.pchCompile));
  row('verdict judge, 1 test, without the header: total', median(series.noPchTotal));
  row('  of which the compile', median(series.noPchCompile));
  if (CLI) {
    row('the verdict judge command, from its build (dist/cli)', median(cli.build));
    row('the verdict judge command, from the sources (tsx)', median(cli.sources));
    row('verdict --help, from its build', median(cli.helpBuild));
    row('verdict --help, from the sources (tsx)', median(cli.helpSources));
    if (rebuilds > 0) console.log(`(the build was made again ${rebuilds} times during the series: sources were edited)`);
  }
  console.log(`${loadAverage()} (after)`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
