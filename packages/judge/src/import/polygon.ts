// A Polygon package (problem.xml, tests/, files/, solutions/, statement-sections/) written as a
// Verdict (Kattis 2023-07) package: limits, tests and samples, groups with points and
// dependencies as scored test groups, the testlib checker, solutions under the folder of their
// tag, statements in every language. What Verdict cannot judge is refused by name.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SpecialJudgeEnv } from '../checkers/special.ts';
import { dump } from 'js-yaml';
import { PackageError } from '../package/errors.ts';
import { readText } from '../package/files.ts';
import { makePolygonTests, type PolygonPrograms, type TestToMake } from './polygon-generate.ts';
import { languageCode, polygonStatements } from './polygon-statements.ts';
import { child, children, parseXml, type XmlElement } from './xml.ts';

export interface ImportReport {
  /** The problem's name, for messages. */
  name: string;
  /** What was kept differently or left out, each a sentence for the setter. */
  notes: string[];
}

interface PolygonTest {
  index: number;
  input: string;
  answer: string;
  sample: boolean;
  group?: string;
  points?: number;
}

interface PolygonGroup {
  name: string;
  points?: number;
  policy: 'complete-group' | 'each-test';
  dependencies: string[];
}

/** Solution tags and the submissions folder (and verdicts, when no folder says them) they become. */
const SOLUTION_TAGS: Record<string, { folder: string; permitted?: string[] }> = {
  main: { folder: 'accepted' },
  accepted: { folder: 'accepted' },
  'wrong-answer': { folder: 'wrong_answer' },
  'presentation-error': { folder: 'wrong_answer' },
  'time-limit-exceeded': { folder: 'time_limit_exceeded' },
  'time-limit-exceeded-or-accepted': { folder: 'slow_accepted' },
  // submissions.yaml names no MLE of its own: RTE holds it (and RE).
  'time-limit-exceeded-or-memory-limit-exceeded': { folder: 'time_limit_exceeded', permitted: ['TLE', 'RTE'] },
  'memory-limit-exceeded': { folder: 'memory_limit_exceeded' },
  rejected: { folder: 'rejected' },
  failed: { folder: 'run_time_error' },
};

export async function isPolygonPackage(dir: string): Promise<boolean> {
  const xml = await readText(path.join(dir, 'problem.xml'));
  return xml !== undefined && /<problem[\s>]/.test(xml) && /<judging[\s>]/.test(xml);
}

/** Writes the package in `dir` to `out` (an empty folder). */
export async function importPolygon(dir: string, out: string, env?: SpecialJudgeEnv, log?: (line: string) => void): Promise<ImportReport> {
  const xml = await readText(path.join(dir, 'problem.xml'));
  if (xml === undefined) throw new PackageError('problem.xml: not found (not a Polygon package)');
  const problem = parseXml(xml, 'problem.xml');
  const notes: string[] = [];
  const judging = child(problem, 'judging');
  if (!judging) throw new PackageError('problem.xml: no <judging> section');
  for (const attr of ['input-file', 'output-file']) {
    const file = judging.attributes[attr];
    if (file && file !== 'stdin' && file !== 'stdout') throw new PackageError(`problem.xml: ${attr} "${file}" (file input and output) is not supported: Verdict's programs read stdin and write stdout`);
  }
  if (Number(judging.attributes['run-count'] ?? 1) > 1) throw new PackageError(`problem.xml: run-count ${judging.attributes['run-count']} (a program run several times per test) is not supported`);
  const testsets = children(judging, 'testset');
  const testset = testsets.find((t) => t.attributes.name === 'tests') ?? testsets[0];
  if (!testset) throw new PackageError('problem.xml: no <testset>');
  for (const other of testsets) if (other !== testset) notes.push(`testset "${other.attributes.name}" is left out: only "${testset.attributes.name ?? 'tests'}" is judged`);
  refuseUnsupported(problem);

  const name = problemNames(problem);
  const timeMs = Number(child(testset, 'time-limit')?.text.trim());
  const memoryBytes = Number(child(testset, 'memory-limit')?.text.trim());
  if (!(timeMs > 0)) throw new PackageError('problem.xml: the testset has no time-limit');
  if (!(memoryBytes > 0)) throw new PackageError('problem.xml: the testset has no memory-limit');
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'verdict-polygon-tests-'));
  try {
    const tests = await readTests(dir, problem, testset, env, scratch, { timeLimitMs: timeMs, memoryMb: Math.max(1, Math.round(memoryBytes / 2 ** 20)) }, log);
    return await writePackage(dir, out, problem, tests, readGroups(testset, tests), { name, timeMs, memoryBytes }, notes);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function writePackage(dir: string, out: string, problem: XmlElement, tests: PolygonTest[], groups: PolygonGroup[], limits: { name: Record<string, string>; timeMs: number; memoryBytes: number }, notes: string[]): Promise<ImportReport> {
  const { name, timeMs, memoryBytes } = limits;
  const scoring = tests.some((t) => (t.points ?? 0) > 0) || groups.some((g) => (g.points ?? 0) > 0);
  // An interactor: Polygon runs it beside the solution (`interactor input output`, testlib's exit codes), then the
  // checker on what it wrote to its output file; Verdict's testlib interactor and testlib_checker do the same.
  const interactive = child(problem, 'assets', 'interactor') !== undefined;
  const type = [...(scoring ? ['scoring'] : []), ...(interactive ? ['interactive'] : [])];

  const meta: Record<string, unknown> = {
    problem_format_version: '2023-07',
    name: Object.keys(name).length > 0 ? name : (problem.attributes['short-name'] ?? path.basename(dir)),
    ...(type.length > 0 ? { type: type.length === 1 ? type[0] : type } : {}),
    limits: { time_limit: timeMs / 1000, memory: Math.max(1, Math.round(memoryBytes / 2 ** 20)) },
    validator_protocol: 'testlib',
    ...(interactive ? { testlib_checker: 'testlib_checker' } : {}),
    source: 'Polygon',
    ...(problem.attributes['short-name'] ? { keywords: [problem.attributes['short-name']] } : {}),
  };
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'problem.yaml'), dump(meta, { lineWidth: -1 }));
  await writeTests(out, tests, groups, scoring, notes);
  await writeChecker(dir, out, problem);
  await writeSolutions(dir, out, problem, notes);
  notes.push(...(await polygonStatements(dir, out, problem)));
  return { name: typeof meta.name === 'string' ? meta.name : (Object.values(name)[0] ?? ''), notes };
}

/** Features with no counterpart in Verdict's judge, refused by name. */
function refuseUnsupported(problem: XmlElement): void {
  const checker = child(problem, 'assets', 'checker');
  if (checker && checker.attributes.type && checker.attributes.type !== 'testlib') throw new PackageError(`problem.xml: a checker of type "${checker.attributes.type}" is not supported (testlib)`);
}

/** `<names>`: the name in each language, by ISO code where Polygon names the language. */
function problemNames(problem: XmlElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of children(problem, 'names', 'name')) if (n.attributes.value) out[languageCode(n.attributes.language)] = n.attributes.value;
  return out;
}

/** `tests/%02d`: Polygon's printf pattern for test i. */
function fromPattern(pattern: string, index: number): string {
  return pattern.replace(/%0?(\d*)d/, (_m, width: string) => String(index).padStart(Number(width || 0), '0'));
}

/**
 * The testset's tests. One whose input or answer the package does not hold is made (in
 * `scratch`) when `env` can run programs, else refused with the remedy.
 */
async function readTests(dir: string, problem: XmlElement, testset: XmlElement, env: SpecialJudgeEnv | undefined, scratch: string, limits: { timeLimitMs: number; memoryMb: number }, log?: (line: string) => void): Promise<PolygonTest[]> {
  const inputPattern = child(testset, 'input-path-pattern')?.text.trim() || 'tests/%02d';
  const answerPattern = child(testset, 'answer-path-pattern')?.text.trim() || 'tests/%02d.a';
  const listed = children(testset, 'tests', 'test');
  const count = Number(child(testset, 'test-count')?.text.trim() ?? listed.length);
  const tests: PolygonTest[] = [];
  const toMake: TestToMake[] = [];
  for (let index = 1; index <= Math.max(count, listed.length); index++) {
    const attrs = listed[index - 1]?.attributes ?? {};
    let input = path.join(dir, fromPattern(inputPattern, index));
    let answer = path.join(dir, fromPattern(answerPattern, index));
    const makeInput = !(await exists(input));
    const makeAnswer = !(await exists(answer));
    // Polygon's Windows package writes its stored tests with CRLF; Polygon judges them with LF.
    if (!makeInput) input = await withLf(input, path.join(scratch, `${index}.lf.in`));
    if (!makeAnswer) answer = await withLf(answer, path.join(scratch, `${index}.lf.ans`));
    if (makeAnswer && child(problem, 'assets', 'interactor')) {
      // Polygon makes an interactive problem's answers by running the main solution with the interactor.
      throw new PackageError(`${path.relative(dir, answer)}: an interactive problem's answer the package does not hold (Polygon makes it with the interactor) is not made by Verdict's import yet: import the full package`);
    }
    if (makeInput || makeAnswer) {
      if (!env) throw new PackageError(`${path.relative(dir, makeInput ? input : answer)}: not in the package (made by its script): import the full package, or import with a judge to make the tests`);
      if (makeInput && attrs.method !== 'generated') throw new PackageError(`${path.relative(dir, input)}: a manual test whose input is not in the package`);
      if (makeInput) input = path.join(scratch, `${index}.in`);
      if (makeAnswer) answer = path.join(scratch, `${index}.ans`);
      toMake.push({ index, input, answer, ...(attrs.cmd ? { cmd: attrs.cmd } : {}), ...(attrs.group ? { group: attrs.group } : {}), makeInput, makeAnswer });
    }
    const points = attrs.points !== undefined ? Number(attrs.points) : undefined;
    if (points !== undefined && !(points >= 0)) throw new PackageError(`problem.xml: test ${index} has points "${attrs.points}", not a number`);
    tests.push({ index, input, answer, sample: attrs.sample === 'true', ...(attrs.group ? { group: attrs.group } : {}), ...(points !== undefined ? { points } : {}) });
  }
  if (tests.length === 0) throw new PackageError('problem.xml: the testset has no tests');
  if (env && toMake.length > 0) {
    const all = tests.map((t) => toMake.find((m) => m.index === t.index) ?? { index: t.index, input: t.input, answer: t.answer, ...(t.group ? { group: t.group } : {}), makeInput: false, makeAnswer: false });
    await makePolygonTests(env, dir, await programsOf(dir, problem), all, limits, log);
  }
  return tests;
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/** The file, or a copy with CRLF line ends made LF when it has any. */
async function withLf(file: string, copy: string): Promise<string> {
  const bytes = await readFile(file);
  if (!bytes.includes('\r\n')) return file;
  await writeFile(copy, bytes.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
  return copy;
}

/** The executables, headers, main solution and validator that making tests needs. */
async function programsOf(dir: string, problem: XmlElement): Promise<PolygonPrograms> {
  const main = children(problem, 'assets', 'solutions', 'solution').find((s) => s.attributes.tag === 'main');
  return {
    executables: children(problem, 'files', 'executables', 'executable').flatMap((e) => child(e, 'source')?.attributes.path ?? []),
    headers: await headersOf(dir, problem),
    ...(main && child(main, 'source')?.attributes.path ? { mainSolution: child(main, 'source')!.attributes.path } : {}),
    ...(child(problem, 'assets', 'validators', 'validator', 'source')?.attributes.path ? { validator: child(problem, 'assets', 'validators', 'validator', 'source')!.attributes.path } : {}),
  };
}

function readGroups(testset: XmlElement, tests: PolygonTest[]): PolygonGroup[] {
  const declared = new Map(children(testset, 'groups', 'group').map((g) => [g.attributes.name, g]));
  const names = [...new Set([...tests.flatMap((t) => (t.group !== undefined ? [t.group] : [])), ...declared.keys()])];
  return names.map((name) => {
    const g = declared.get(name);
    const points = g?.attributes.points !== undefined ? Number(g.attributes.points) : undefined;
    const policy = g?.attributes['points-policy'] === 'each-test' ? 'each-test' : 'complete-group';
    if (g?.attributes['points-policy'] && !['each-test', 'complete-group'].includes(g.attributes['points-policy'])) throw new PackageError(`problem.xml: group "${name}": points-policy "${g.attributes['points-policy']}" is not supported (complete-group, each-test)`);
    const dependencies = children(g, 'dependencies', 'dependency').map((d) => d.attributes.group);
    for (const d of dependencies) if (!names.includes(d)) throw new PackageError(`problem.xml: group "${name}" depends on "${d}", which is no group`);
    if (dependencies.length > 0 && policy === 'each-test') throw new PackageError(`problem.xml: group "${name}" has dependencies and points per test (each-test): not supported (a group's points when its dependencies pass)`);
    return { name, ...(points !== undefined ? { points } : {}), policy, dependencies };
  });
}

/** Group names as folder names (Polygon allows any text). */
function folderName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return safe || 'group';
}

/**
 * data/sample/ takes the samples that score nothing; data/secret/ the rest: each group in a
 * folder worth its points (complete-group: all tests pass, else 0; each-test: the sum of its
 * tests' points). A group depending on others gets their tests too (all must pass, as Polygon
 * gives its points only when they do).
 */
async function writeTests(out: string, tests: PolygonTest[], groups: PolygonGroup[], scoring: boolean, notes: string[]): Promise<void> {
  const pad = (n: number) => String(n).padStart(Math.max(2, String(tests.length).length), '0');
  const put = async (folder: string, test: PolygonTest, stem = pad(test.index)) => {
    await mkdir(path.join(out, folder), { recursive: true });
    await copyFile(test.input, path.join(out, folder, `${stem}.in`));
    await copyFile(test.answer, path.join(out, folder, `${stem}.ans`));
  };
  const byName = new Map(groups.map((g) => [g.name, g]));
  const groupPoints = (t: PolygonTest) => (t.group !== undefined ? byName.get(t.group)?.points : undefined);
  const scores = (t: PolygonTest) => (t.points ?? 0) > 0 || (groupPoints(t) ?? 0) > 0;
  for (const t of tests) if (t.sample) await put('data/sample', t);
  const secret = tests.filter((t) => !t.sample || (scoring && scores(t)));
  if (!scoring) {
    for (const t of secret) await put('data/secret', t);
    if (groups.length > 0) notes.push('groups without points: judged as one pass-fail test set');
    return;
  }
  const ungrouped = secret.filter((t) => t.group === undefined);
  if (ungrouped.length > 0) await writeGroup(out, 'data/secret/tests', ungrouped, 'each-test', undefined, put);
  for (const g of groups) {
    const own = secret.filter((t) => t.group === g.name);
    if (own.length === 0) continue;
    const deps = dependencyTests(g, byName, tests, new Set());
    const folder = `data/secret/${folderName(g.name)}`;
    await writeGroup(out, folder, own, g.policy, g.points, put);
    for (const t of deps) await put(folder, t, `dep-${pad(t.index)}`);
    if (deps.length > 0) notes.push(`group "${g.name}" holds the ${deps.length} tests of the groups it depends on (${g.dependencies.join(', ')}): its points need them all to pass`);
  }
}

async function writeGroup(out: string, folder: string, tests: PolygonTest[], policy: PolygonGroup['policy'], points: number | undefined, put: (folder: string, t: PolygonTest, stem?: string) => Promise<void>): Promise<void> {
  await mkdir(path.join(out, folder), { recursive: true });
  const perTest = tests.map((t) => t.points ?? 0);
  const uniform = perTest.every((p) => p === perTest[0]);
  if (policy === 'complete-group') {
    const total = points ?? perTest.reduce((a, b) => a + b, 0);
    await writeFile(path.join(out, folder, 'test_group.yaml'), dump({ scoring: { score: total, aggregation: 'min' } }));
    for (const t of tests) await put(folder, t);
    return;
  }
  if (uniform) {
    await writeFile(path.join(out, folder, 'test_group.yaml'), dump({ scoring: { score: perTest.reduce((a, b) => a + b, 0), aggregation: 'sum' } }));
    for (const t of tests) await put(folder, t);
    return;
  }
  // Points that differ test by test: each test its own group worth its points.
  await writeFile(path.join(out, folder, 'test_group.yaml'), dump({ scoring: { aggregation: 'sum' } }));
  for (const t of tests) {
    const own = `${folder}/${String(t.index).padStart(3, '0')}`;
    await mkdir(path.join(out, own), { recursive: true });
    await writeFile(path.join(out, own, 'test_group.yaml'), dump({ scoring: { score: t.points ?? 0, aggregation: 'min' } }));
    await put(own, t);
  }
}

/** The tests of every group `g` depends on, directly or not. */
function dependencyTests(g: PolygonGroup, byName: Map<string, PolygonGroup>, tests: PolygonTest[], seen: Set<string>): PolygonTest[] {
  const out: PolygonTest[] = [];
  for (const d of g.dependencies) {
    if (seen.has(d) || d === g.name) continue;
    seen.add(d);
    out.push(...tests.filter((t) => t.group === d), ...dependencyTests(byName.get(d)!, byName, tests, seen));
  }
  return out;
}

/** The testlib checker with the package's headers (testlib.h) beside it, as output_validator/. */
async function writeChecker(dir: string, out: string, problem: XmlElement): Promise<void> {
  const interactor = child(problem, 'assets', 'interactor');
  // Without an interactor the checker is the output validator; with one, the interactor is, and the checker reads its output.
  await writeTestlibProgram(dir, interactor ? path.join(out, 'testlib_checker') : path.join(out, 'output_validator'), problem, child(problem, 'assets', 'checker'), 'checker');
  if (interactor) await writeTestlibProgram(dir, path.join(out, 'output_validator'), problem, interactor, 'interactor');
}

async function writeTestlibProgram(dir: string, target: string, problem: XmlElement, element: XmlElement | undefined, what: string): Promise<void> {
  const source = child(element, 'source')?.attributes.path;
  if (!element || !source) throw new PackageError(`problem.xml: no ${what} (<assets><${what}><source path=…>)`);
  if (!/\.(cpp|cc|cxx|c\+\+)$/i.test(source)) throw new PackageError(`problem.xml: the ${what} ${source} is not C++: only testlib ${what}s in C++ are supported`);
  await mkdir(target, { recursive: true });
  await copyFile(path.join(dir, source), path.join(target, path.basename(source)));
  for (const header of await headersOf(dir, problem)) await copyFile(path.join(dir, header), path.join(target, path.basename(header)));
}

/** The package's headers (files/testlib.h and the setter's own), which checkers include. */
async function headersOf(dir: string, problem: XmlElement): Promise<string[]> {
  const listed = children(problem, 'files', 'resources', 'file').map((f) => f.attributes.path).filter((p) => p && /\.(h|hpp|hh)$/i.test(p));
  if (listed.length > 0) return listed;
  const files = await readdir(path.join(dir, 'files')).catch(() => []);
  return files.filter((f) => /\.(h|hpp|hh)$/i.test(f)).map((f) => `files/${f}`);
}

/** Solutions under submissions/<their tag's folder>/, by their own file names. */
async function writeSolutions(dir: string, out: string, problem: XmlElement, notes: string[]): Promise<void> {
  const expectations: Record<string, { permitted: string[] }> = {};
  for (const solution of children(problem, 'assets', 'solutions', 'solution')) {
    const source = child(solution, 'source');
    const file = source?.attributes.path;
    if (!file) continue;
    const tag = solution.attributes.tag ?? '';
    const mapped = SOLUTION_TAGS[tag];
    if (!mapped) {
      notes.push(`${file}: tag "${tag || '(none)'}" says no verdict to expect: left out`);
      continue;
    }
    // Polygon tells Python 2 by its type; Verdict's judge refuses .py2 by name.
    const base = source.attributes.type?.startsWith('python.2') ? `${path.basename(file, '.py')}.py2` : path.basename(file);
    const target = path.join(out, 'submissions', mapped.folder);
    await mkdir(target, { recursive: true });
    await copyFile(path.join(dir, file), path.join(target, base));
    if (mapped.permitted) expectations[`${mapped.folder}/${base}`] = { permitted: mapped.permitted };
  }
  if (Object.keys(expectations).length > 0) await writeFile(path.join(out, 'submissions', 'submissions.yaml'), dump(expectations));
}
