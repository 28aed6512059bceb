// Similarity analysis of a contest of 200 contestants × 10 problems (issue 31, item 2: under a
// minute). The sources are generated (seeded): each contestant's program per problem is made of
// 4–8 routines drawn from a pool that competitive programs use (input loops, sorting, prefix sums,
// binary search, gcd, fast power, BFS on a grid, DP, Fenwick trees, counting with maps), with the
// contestant's own names, constants, order and filler statements; one in five writes Python; 5% are
// copies of another contestant's program with the names changed. Measured twice: the analysis
// alone in this process (analyseProblem per problem), then end to end on a server (sources read
// from the database, analysed in the worker thread, every pair and fragment stored).
// Usage: npm run bench -- similarity [USERS=200] [PROBLEMS=10] [--pg]
import { analyseProblem, type SourceInput } from '@verdict/server/internal/modules/similarity/index';
import { startSimilarityRun } from '@verdict/server/internal/modules/similarity/similarity';
import { startBenchServer } from './lib/judge-server.ts';

const numbers = process.argv.slice(2).filter((a) => /^\d+$/.test(a)).map(Number);
const USERS = numbers[0] ?? 200;
const PROBLEMS = numbers[1] ?? 10;
const usePg = process.argv.includes('--pg');

let seed = 20261129;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const WORDS = ['a', 'b', 'c', 'n', 'm', 'k', 'x', 'y', 'cnt', 'sum', 'res', 'ans', 'tmp', 'cur', 'best', 'val', 'idx', 'pos', 'len', 'total', 'arr', 'num', 'lo', 'hi', 'mid', 'dp', 'pre', 'vis', 'dist', 'grid'];
const name = () => `${pick(WORDS)}${pick(['', '', '1', '2', 'X', '_v', 'Val', 'Tmp'])}${int(0, 9) > 7 ? int(0, 99) : ''}`;

type Routine = (v: () => string) => string;

const CPP: Routine[] = [
  (v) => { const n = v(), a = v(); return `int ${n}; cin >> ${n};\nvector<long long> ${a}(${n});\nfor (int i = 0; i < ${n}; i++) cin >> ${a}[i];\n`; },
  (v) => { const f = v(), a = v(); return `long long ${f}(vector<long long>& ${a}) {\n  long long s = 0;\n  for (auto x : ${a}) s += x * ${int(1, 9)};\n  return s % ${int(1000, 100000)};\n}\n`; },
  (v) => { const a = v(); return `sort(${a}.begin(), ${a}.end());\n${a}.erase(unique(${a}.begin(), ${a}.end()), ${a}.end());\n`; },
  (v) => { const f = v(), a = v(), t = v(); return `int ${f}(const vector<long long>& ${a}, long long ${t}) {\n  int lo = 0, hi = ${a}.size() - 1, r = -1;\n  while (lo <= hi) {\n    int mid = (lo + hi) / 2;\n    if (${a}[mid] >= ${t}) { r = mid; hi = mid - 1; } else lo = mid + 1;\n  }\n  return r;\n}\n`; },
  (v) => { const f = v(); return `long long ${f}(long long a, long long b) { return b == 0 ? a : ${f}(b, a % b); }\n`; },
  (v) => { const f = v(), b = v(), e = v(); return `long long ${f}(long long ${b}, long long ${e}, long long md) {\n  long long r = 1; ${b} %= md;\n  while (${e} > 0) {\n    if (${e} & 1) r = r * ${b} % md;\n    ${b} = ${b} * ${b} % md;\n    ${e} >>= 1;\n  }\n  return r;\n}\n`; },
  (v) => { const g = v(), d = v(); return `queue<pair<int,int>> q; q.push({0, 0});\nvector<vector<int>> ${d}(${int(10, 500)}, vector<int>(${int(10, 500)}, -1)); ${d}[0][0] = 0;\nwhile (!q.empty()) {\n  auto [r, c] = q.front(); q.pop();\n  for (int k = 0; k < 4; k++) {\n    int nr = r + "2101"[k] - '1', nc = c + "1210"[k] - '1';\n    if (nr < 0 || nc < 0 || nr >= (int)${g}.size() || nc >= (int)${g}[0].size()) continue;\n    if (${d}[nr][nc] != -1 || ${g}[nr][nc] == '#') continue;\n    ${d}[nr][nc] = ${d}[r][c] + 1; q.push({nr, nc});\n  }\n}\n`; },
  (v) => { const dp = v(), w = v(); return `vector<long long> ${dp}(${int(100, 10000)} + 1, 0);\nfor (int i = 0; i < (int)${w}.size(); i++)\n  for (int j = ${int(100, 10000)}; j >= ${w}[i]; j--)\n    ${dp}[j] = max(${dp}[j], ${dp}[j - ${w}[i]] + ${int(1, 50)});\n`; },
  (v) => { const t = v(); return `struct Fenwick {\n  vector<long long> ${t};\n  Fenwick(int n) : ${t}(n + 1, 0) {}\n  void add(int i, long long x) { for (; i < (int)${t}.size(); i += i & -i) ${t}[i] += x; }\n  long long sum(int i) { long long s = 0; for (; i > 0; i -= i & -i) s += ${t}[i]; return s; }\n};\n`; },
  (v) => { const m = v(), a = v(); return `map<long long, int> ${m};\nfor (auto x : ${a}) ${m}[x]++;\nint most = 0;\nfor (auto& [key, c] : ${m}) if (c > most) most = c;\ncout << most << "\\n";\n`; },
  (v) => { const p = v(), a = v(); return `vector<long long> ${p}(${a}.size() + 1, 0);\nfor (size_t i = 0; i < ${a}.size(); i++) ${p}[i + 1] = ${p}[i] + ${a}[i];\n`; },
  (v) => { const s = v(); return `string ${s}; cin >> ${s};\nint vowels = 0;\nfor (char ch : ${s}) if (string("aeiou").find(ch) != string::npos) vowels++;\nreverse(${s}.begin(), ${s}.end());\ncout << ${s} << " " << vowels << endl;\n`; },
];

const PYTHON: Routine[] = [
  (v) => { const n = v(), a = v(); return `${n} = int(input())\n${a} = list(map(int, input().split()))\n`; },
  (v) => { const f = v(), a = v(); return `def ${f}(${a}):\n    s = 0\n    for x in ${a}:\n        s += x * ${int(1, 9)}\n    return s % ${int(1000, 100000)}\n`; },
  (v) => { const f = v(); return `def ${f}(a, b):\n    while b:\n        a, b = b, a % b\n    return a\n`; },
  (v) => { const a = v(), t = v(); return `lo, hi = 0, len(${a}) - 1\nwhile lo <= hi:\n    mid = (lo + hi) // 2\n    if ${a}[mid] >= ${t}:\n        hi = mid - 1\n    else:\n        lo = mid + 1\n`; },
  (v) => { const dp = v(); return `${dp} = [0] * ${int(100, 10000)}\nfor i in range(1, len(${dp})):\n    ${dp}[i] = max(${dp}[i - 1], ${dp}[i // 2] + ${int(1, 50)})\n`; },
  (v) => { const c = v(), a = v(); return `${c} = {}\nfor x in ${a}:\n    ${c}[x] = ${c}.get(x, 0) + 1\nprint(max(${c}.values()))\n`; },
];

function filler(v: () => string, python: boolean): string {
  const x = v();
  const op = pick(['+', '-', '*', '^', '%', '&']);
  return python ? `${x} = ${int(1, 1000)} ${op} ${int(1, 100)}\n` : `long long ${x} = ${int(1, 1000)} ${op} ${int(1, 100)};\n`;
}

function program(python: boolean): string {
  const names = new Map<number, string>();
  let counter = 0;
  const v = () => {
    const id = counter++;
    if (!names.has(id)) names.set(id, name());
    return names.get(id)!;
  };
  const pool = python ? PYTHON : CPP;
  const parts = Array.from({ length: int(4, 8) }, () => pick(pool)(v) + (random() < 0.5 ? filler(v, python) : ''));
  if (python) return parts.join('\n');
  return `#include <bits/stdc++.h>\nusing namespace std;\n\n${parts.join('\n')}\nint main() {\n  ios::sync_with_stdio(false);\n  ${filler(v, false)}  return 0;\n}\n`;
}

/** A copy with every identifier of the program renamed (what the cheapest cheater does). */
function renamed(code: string): string {
  const map = new Map<string, string>();
  return code.replace(/\b(?!int\b|long\b|for\b|if\b|while\b|return\b|vector\b|cin\b|cout\b|def\b|in\b|range\b)[a-z][A-Za-z0-9_]*\b/g, (w) => {
    if (!WORDS.some((p) => w.startsWith(p))) return w;
    if (!map.has(w)) map.set(w, `q${map.size}_${w.length}`);
    return map.get(w)!;
  });
}

const sources: SourceInput[][] = [];
for (let p = 0; p < PROBLEMS; p++) {
  const list: SourceInput[] = [];
  for (let u = 0; u < USERS; u++) {
    const python = random() < 0.2;
    const copyOf = u > 10 && random() < 0.05 ? list[int(0, u - 1)] : undefined;
    const code = copyOf ? renamed(copyOf.code) : program(python);
    list.push({ userId: u + 1, submissionId: p * USERS + u + 1, language: copyOf ? copyOf.language : python ? 'python3' : 'cpp', code });
  }
  sources.push(list);
}
const tokensTotal = sources.flat().reduce((s, x) => s + x.code.length, 0);
console.log(`${USERS} contestants × ${PROBLEMS} problems: ${USERS * PROBLEMS} sources, ${(tokensTotal / 1024 / 1024).toFixed(1)} MiB of code`);

let started = performance.now();
let pairs = 0;
for (const list of sources) pairs += analyseProblem(list, []).pairs.length;
const alone = (performance.now() - started) / 1000;
console.log(`analysis alone (this process): ${alone.toFixed(1)} s, ${pairs} pairs kept`);

const bench = await startBenchServer({ workers: 0, usePg });
try {
  const { db } = bench.server.services;
  const seeded = performance.now();
  const users: number[] = [];
  for (let u = 0; u < USERS; u += 500) {
    const rows = Array.from({ length: Math.min(500, USERS - u) }, (_, i) => ({ username: `sim${u + i}`, email: `sim${u + i}@bench.test`, nickname: `sim${u + i}`, password_hash: 'x', auth: 0 }));
    users.push(...(await db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }
  const now = new Date();
  const contest = await db.insertInto('contests').values({ title: 'Similarity bench', start_time: new Date(now.getTime() - 3600_000), end_time: now, create_time: now }).returning('id').executeTakeFirstOrThrow();
  for (let p = 0; p < PROBLEMS; p++) {
    const problem = await db.insertInto('problems').values({ title: `P${p}`, time_limit: 1000, memory_limit: 256, created_at: now }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('contest_problems').values({ contest_id: contest.id, problem_id: problem.id, position: p }).execute();
    const rows = sources[p].map((s) => ({ user_id: users[s.userId - 1], problem_id: problem.id, contest_id: contest.id, language: s.language, code: s.code, status: 'AC', tests: '[]', created_at: now }));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('submissions').values(rows.slice(i, i + 500)).execute();
  }
  console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s (${usePg ? 'PostgreSQL' : 'embedded PGlite'})`);
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  started = performance.now();
  const run = await startSimilarityRun(db, bench.server.services.similarity, admin.id, { contestId: contest.id }, new Date());
  let maxGapMs = 0;
  let last = performance.now();
  // The API's event loop while the worker analyses: the longest gap between two timer ticks.
  const probe = setInterval(() => {
    const t = performance.now();
    maxGapMs = Math.max(maxGapMs, t - last - 10);
    last = t;
  }, 10);
  await bench.server.services.similarity.idle();
  clearInterval(probe);
  const endToEnd = (performance.now() - started) / 1000;
  const row = await db.selectFrom('similarity_runs').select(['status', 'message']).where('id', '=', run.runId).executeTakeFirstOrThrow();
  const stored = await db.selectFrom('similarity_pairs').select((eb) => eb.fn.countAll<string>().as('n')).where('run_id', '=', run.runId).executeTakeFirstOrThrow();
  console.log(`end to end on the server: ${endToEnd.toFixed(1)} s (${row.status}${row.message ? `: ${row.message}` : ''}), ${stored.n} pairs stored; the event loop's longest stall meanwhile: ${maxGapMs.toFixed(0)} ms`);
} finally {
  await bench.close();
}
