// `verdict judge` as a whole command against a bare run of the same work, timed by hyperfine
// (Debian's /usr/bin/hyperfine) in one run: the A+B sample (problems/aplusb, C++) judged by the
// CLI (start-up, sandbox compile, every test run and checked), the same g++ command and runs
// bare (a shell loop), the runs alone over the compiled binary, and the CLI's start-up alone
// (`verdict --help`). Prints the medians and the ratios; hyperfine's JSON is kept with --json FILE.
// The judge keeps compiled programs (its compile cache): after hyperfine's warm-up run the CLI
// restores the program instead of compiling it, as a rejudge does; bench/compile.ts measures
// never-seen sources.
// Usage: npm run bench -- judge-cli [RUNS=10] [--json FILE]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LANGUAGES_DIR, loadLanguageDefinitions, loadProblemPackage } from '@verdict/judge';
import { loadAverage, REPO_ROOT } from './lib/judge-server.ts';

const args = process.argv.slice(2);
const RUNS = Number(args.find((a) => /^\d+$/.test(a)) ?? 10);
const keepJson = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;
const PROBLEM = path.join(REPO_ROOT, 'problems/aplusb');
const SOURCE = path.join(PROBLEM, 'submissions/accepted/sum.cpp');

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-judge-cli-'));
try {
  const problem = await loadProblemPackage(PROBLEM);
  const cpp = (await loadLanguageDefinitions(DEFAULT_LANGUAGES_DIR)).find((l) => l.id === 'cpp')!;
  fs.copyFileSync(SOURCE, path.join(dir, cpp.sourceFile));
  // The language's compile command with its source file for {files}.
  const compile = cpp.compile!.map((arg) => (arg === '{files}' ? cpp.sourceFile : arg));
  execFileSync(compile[0], compile.slice(1), { cwd: dir });
  // The same tests the judge runs (samples and secret), each from its file, output discarded.
  const loop = problem.tests.map((t) => `./main < ${quote(t.input)} > /dev/null`).join('\n');
  fs.writeFileSync(path.join(dir, 'runs.sh'), `cd ${quote(dir)}\n${loop}\n`);
  fs.writeFileSync(path.join(dir, 'compile-and-runs.sh'), `cd ${quote(dir)}\n${compile.map(quote).join(' ')}\n${loop}\n`);
  const verdict = `${quote(process.execPath)} ${quote(path.join(REPO_ROOT, 'cli/bin/verdict.js'))}`;
  const commands: [string, string][] = [
    ['verdict judge', `${verdict} judge ${quote(PROBLEM)} ${quote(SOURCE)} --json`],
    ['bare compile + runs', `sh ${quote(path.join(dir, 'compile-and-runs.sh'))}`],
    ['bare runs', `sh ${quote(path.join(dir, 'runs.sh'))}`],
    ['verdict --help (start-up)', `${verdict} --help`],
  ];
  if (!fs.existsSync('/usr/bin/hyperfine')) throw new Error('this benchmark needs hyperfine: apt-get install -y hyperfine');
  const json = keepJson ?? path.join(dir, 'hyperfine.json');
  const loadBefore = loadAverage();
  execFileSync(
    '/usr/bin/hyperfine',
    ['--warmup', '1', '--runs', String(RUNS), '--style', 'basic', '--export-json', json, ...commands.flatMap(([name, cmd]) => ['--command-name', name, cmd])],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const results = (JSON.parse(fs.readFileSync(json, 'utf8')) as { results: { command: string; median: number; mean: number; stddev: number }[] }).results;
  const median = (name: string) => results.find((r) => r.command === name)!.median * 1000;
  const judge = median('verdict judge');
  console.log(`\nA+B sample (${problem.tests.length} tests, C++), ${RUNS} runs each; ${loadBefore} (before)`);
  for (const [name] of commands) console.log(`${name.padEnd(28)} median ${median(name).toFixed(1).padStart(8)} ms`);
  console.log(`verdict judge / bare runs            ${(judge / median('bare runs')).toFixed(1)}×`);
  console.log(`verdict judge / bare compile + runs  ${(judge / median('bare compile + runs')).toFixed(2)}×`);
  console.log(
    `verdict judge minus start-up, / bare compile + runs  ${((judge - median('verdict --help (start-up)')) / median('bare compile + runs')).toFixed(2)}×`,
  );
  console.log(`${loadAverage()} (after)`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
