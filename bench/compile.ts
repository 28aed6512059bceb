// C++ compiles side by side in one run, interleaved: plain `g++ -std=c++17 -O2` on the host, and a
// never-seen A+B with <bits/stdc++.h> judged on a 1-test package by Verdict's judge in this
// process (sandboxed compile and run), with the precompiled header (built once before the
// series, as a judge does on first use) and without it. Each round's source is new, so the
// compile cache never answers. Prints medians of the judge's total and compile phase and their
// ratio to plain g++.
// Usage: npm run bench -- compile [ROUNDS=15]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge, loadProblemPackage, type Language } from '@verdict/judge';
import { loadAverage } from './lib/judge-server.ts';

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 15);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-compile-'));
const source = (n: number) =>
  `#include <bits/stdc++.h>\nusing namespace std;\nint main() { long long a, b; cin >> a >> b; cout << a + b + ${n} - ${n} << "\\n"; }\n`;
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
  // Warm-up: the header is built on first use (and reported by the judge's log).
  await judged(cpp);
  await judged(withoutHeader);
  plain();
  const series = { plain: [] as number[], pchTotal: [] as number[], pchCompile: [] as number[], noPchTotal: [] as number[], noPchCompile: [] as number[] };
  const loadBefore = loadAverage();
  for (let i = 0; i < ROUNDS; i++) {
    series.plain.push(plain());
    const a = await judged(cpp);
    series.pchTotal.push(a.totalMs);
    series.pchCompile.push(a.compileMs);
    const b = await judged(withoutHeader);
    series.noPchTotal.push(b.totalMs);
    series.noPchCompile.push(b.compileMs);
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
  console.log(`${loadAverage()} (after)`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
