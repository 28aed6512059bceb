// A TPS task (ioi-2017/tps: problem.json, subtasks.json, tests/ with its mapping, checker/, grader/, solution/ with
// solutions.json) written as a Verdict package through the CMS importer's writer: subtasks scored as CMS's GroupMin
// (TPS exports to CMS so), the checker in CMS's protocol (TPS's testlib.h prints CMS's outcome), the C++ grader, the
// solutions by their verdicts. Tests are read from tests/ as `tps gen` leaves them; other task types are refused.
import { mkdir, readdir, readFile, stat, copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dump } from 'js-yaml';
import { PackageError } from '../package/errors.ts';
import { describe } from '../package/kattis-config.ts';
import { writeCmsPackage, type CmsGroup } from './cms.ts';
import type { ImportReport } from './polygon.ts';

/** solutions.json's verdicts as submissions folders (and the verdicts a folder may also get). */
const VERDICT_FOLDERS: Record<string, { folder: string; failing?: string[] }> = {
  model_solution: { folder: 'accepted' },
  correct: { folder: 'accepted' },
  incorrect: { folder: 'wrong_answer' },
  time_limit: { folder: 'time_limit_exceeded' },
  memory_limit: { folder: 'memory_limit_exceeded' },
  runtime_error: { folder: 'run_time_error' },
  time_limit_and_runtime_error: { folder: 'time_limit_exceeded', failing: ['TLE', 'RTE'] },
  partially_correct: { folder: 'partially_accepted' },
  failed: { folder: 'rejected' },
};
/** submissions.yaml's names (it has no MLE: RTE holds it). */
const FAILING: Record<string, string> = { incorrect: 'WA', time_limit: 'TLE', memory_limit: 'RTE', runtime_error: 'RTE', partially_correct: 'WA', failed: 'RTE' };

export async function isTpsTask(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries.includes('problem.json') && entries.includes('subtasks.json');
}

async function readJson(file: string, what: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new PackageError(`${what} is missing`);
  }
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch (err) {
    throw new PackageError(`${what} is not a JSON object: ${(err as Error).message}`);
  }
}

export async function importTps(dir: string, out: string): Promise<ImportReport> {
  const problem = await readJson(path.join(dir, 'problem.json'), 'problem.json');
  const notes: string[] = [];
  const type = String(problem.type ?? 'Batch');
  const normalized = type.charAt(0).toUpperCase() + type.slice(1);
  if (normalized === 'OutputOnly') throw new PackageError('problem.json: type "OutputOnly" (the contestant submits output files) is not supported yet');
  if (normalized === 'Communication') throw new PackageError('problem.json: type "Communication" (a manager talking to the contestant\'s processes) is not supported yet');
  if (normalized === 'TwoSteps') throw new PackageError('problem.json: type "TwoSteps" (the contestant\'s program run twice, the first run\'s output the second\'s input) is not supported');
  if (normalized !== 'Batch') throw new PackageError(`problem.json: type ${describe(type)} is not supported (Batch)`);
  if (problem.has_manager === true) throw new PackageError('problem.json: has_manager (a manager program beside the contestant\'s) is not supported');
  const name = typeof problem.title === 'string' && problem.title.trim() ? problem.title.trim() : String(problem.name ?? path.basename(dir));
  const timeLimitS = number(problem.time_limit, 'problem.json: time_limit');
  const memoryMb = number(problem.memory_limit, 'problem.json: memory_limit');

  // tests/ as `tps gen` leaves it: X.in, X.out and `mapping` (a line "subtask test" for each test of each subtask).
  const testsDir = path.join(dir, 'tests');
  const files = await readdir(testsDir).catch(() => null);
  if (!files || !files.includes('mapping')) throw new PackageError('tests/mapping is missing: the tests are made by TPS (`tps gen`, which writes tests/ and its mapping); generate them, then import');
  const mapping = (await readFile(path.join(testsDir, 'mapping'), 'utf8')).split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const bySubtask = new Map<string, CmsGroup['tests']>();
  for (const [i, line] of mapping.entries()) {
    const [subtask, test, ...rest] = line.split(/\s+/);
    if (!test || rest.length > 0) throw new PackageError(`tests/mapping line ${i + 1}: must be "<subtask> <test>", got ${describe(line)}`);
    for (const ext of ['.in', '.out']) if (!files.includes(test + ext)) throw new PackageError(`tests/${test}${ext} is missing (tests/mapping line ${i + 1})`);
    const list = bySubtask.get(subtask) ?? [];
    list.push({ name: test, input: path.join(testsDir, `${test}.in`), answer: path.join(testsDir, `${test}.out`) });
    bySubtask.set(subtask, list);
  }

  const subtasksJson = await readJson(path.join(dir, 'subtasks.json'), 'subtasks.json');
  const subtasks = subtasksJson.subtasks;
  if (!subtasks || typeof subtasks !== 'object' || Array.isArray(subtasks)) throw new PackageError('subtasks.json: subtasks must be an object of subtasks by name');
  const entries = Object.entries(subtasks as Record<string, Record<string, unknown>>).map(([subtask, s]) => ({
    subtask,
    index: number(s?.index, `subtasks.json: ${subtask}.index`) ?? 0,
    score: number(s?.score, `subtasks.json: ${subtask}.score`) ?? 0,
  }));
  entries.sort((a, b) => a.index - b.index);
  for (const subtask of bySubtask.keys()) if (!entries.some((e) => e.subtask === subtask)) throw new PackageError(`tests/mapping names subtask ${describe(subtask)}, which subtasks.json does not have`);
  const width = String(Math.max(0, ...entries.map((e) => e.index))).length;
  let samples: CmsGroup['tests'] | undefined;
  const groups: CmsGroup[] = [];
  for (const e of entries) {
    const tests = (bySubtask.get(e.subtask) ?? []).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (tests.length === 0) {
      notes.push(`subtask ${e.subtask} has no tests in tests/mapping`);
      continue;
    }
    // The samples subtask, worth nothing: Verdict's samples (judged first, shown, not counted).
    if (e.score === 0 && /^(samples?|examples?)$/i.test(e.subtask) && !samples) samples = tests;
    else groups.push({ name: `${String(e.index).padStart(width, '0')}-${e.subtask}`, score: e.score, aggregation: 'min', tests });
  }
  if (groups.length === 0) throw new PackageError('tests/mapping: no subtask with tests beyond the samples');

  // checker/checker.cpp (has_checker, true by default in a Batch task); without it CMS compares with white-diff.
  const hasChecker = problem.has_checker !== false;
  const checkerDir = path.join(dir, 'checker');
  const checkerThere = (await stat(path.join(checkerDir, 'checker.cpp')).catch(() => null)) !== null;
  if (hasChecker && !checkerThere) notes.push('problem.json: has_checker, but checker/checker.cpp is missing: outputs are compared token by token (as CMS falls back to diff)');
  const checker = hasChecker && checkerThere ? { dir: checkerDir, source: 'checker.cpp' } : undefined;

  // grader/<language>/ (has_grader, true by default): C++'s files are compiled with every submission.
  const hasGrader = problem.has_grader !== false;
  let graders: Record<string, string[]> | undefined;
  let languages: string[] | undefined;
  if (hasGrader) {
    const cpp = await readdir(path.join(dir, 'grader', 'cpp')).catch(() => null);
    if (!cpp || cpp.length === 0) throw new PackageError('problem.json: has_grader, but grader/cpp/ is missing: Verdict imports the C++ grader');
    graders = { cpp: cpp.map((f) => path.join(dir, 'grader', 'cpp', f)) };
    languages = ['cpp'];
    const others = (await readdir(path.join(dir, 'grader')).catch(() => [] as string[])).filter((l) => l !== 'cpp');
    if (others.length > 0) notes.push(`grader/${others.join(', grader/')}: graders in these languages are not imported (C++ is); the task accepts C++ only`);
  } else {
    languages = [];
    if (problem.cpp_enabled !== false) languages.push('cpp');
    if (problem.java_enabled !== false) languages.push('java');
    if (problem.pascal_enabled === true) languages.push('pascal');
    if (problem.python_enabled === true) languages.push('python3');
    if (languages.length === 0) throw new PackageError('problem.json: every language is disabled (cpp_enabled, java_enabled, pascal_enabled, python_enabled)');
  }

  await writeCmsPackage(out, { name, timeLimitS, memoryMb, groups, samples, checker, graders, languages });
  await writeSolutions(dir, out, languages, notes);
  // statement/index.md (TPS's source of the statement) with its pictures beside it; else the PDFs of statements/.
  const statementFiles = await readdir(path.join(dir, 'statement')).catch(() => [] as string[]);
  if (statementFiles.includes('index.md')) {
    const target = path.join(out, 'problem_statement');
    await mkdir(target, { recursive: true });
    await copyFile(path.join(dir, 'statement', 'index.md'), path.join(target, 'problem.en.md'));
    for (const f of statementFiles) if (/\.(png|jpe?g|gif|svg)$/i.test(f)) await copyFile(path.join(dir, 'statement', f), path.join(target, f));
  }
  for (const folder of statementFiles.includes('index.md') ? [] : ['statements', 'statement']) {
    const pdfs = (await readdir(path.join(dir, folder)).catch(() => [] as string[])).filter((f) => f.endsWith('.pdf'));
    if (pdfs.length === 0) continue;
    await mkdir(path.join(out, 'problem_statement'), { recursive: true });
    for (const pdf of pdfs) await copyFile(path.join(dir, folder, pdf), path.join(out, 'problem_statement', `problem.${pdf.slice(0, -4).split('_')[0].toLowerCase()}.pdf`));
    break;
  }
  if (await stat(path.join(dir, 'validator')).catch(() => null)) notes.push('validator/: input validators are not run (the tests are taken as tps gen made them)');
  return { name, notes };
}

function number(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new PackageError(`${what} must be a number, got ${describe(value)}`);
  return n;
}

/** solution/<file> by solutions.json's verdict; `except` (verdicts per subtask) adds the verdicts the folder may also get. */
async function writeSolutions(dir: string, out: string, languages: string[], notes: string[]): Promise<void> {
  if (!(await stat(path.join(dir, 'solutions.json')).catch(() => null))) return;
  const solutions = await readJson(path.join(dir, 'solutions.json'), 'solutions.json');
  const expectations: Record<string, { permitted: string[]; required: string[] }> = {};
  for (const [file, raw] of Object.entries(solutions)) {
    const entry = (raw ?? {}) as Record<string, unknown>;
    const verdict = String(entry.verdict ?? '');
    const mapped = VERDICT_FOLDERS[verdict];
    if (!mapped) {
      notes.push(`solutions.json: ${file} has the verdict ${describe(entry.verdict)}, which Verdict does not know: left out`);
      continue;
    }
    const source = path.join(dir, 'solution', file);
    if (!(await stat(source).catch(() => null)) || file.includes('/') || file.startsWith('.')) {
      notes.push(`solutions.json: solution/${file} is not there: left out`);
      continue;
    }
    const ext = path.extname(file);
    const language = { '.cpp': 'cpp', '.cc': 'cpp', '.java': 'java', '.pas': 'pascal', '.py': 'python3' }[ext];
    if (!language || !languages.includes(language)) {
      notes.push(`solution/${file}: its language is not one the task accepts here (${languages.join(', ')}): left out`);
      continue;
    }
    await mkdir(path.join(out, 'submissions', mapped.folder), { recursive: true });
    await copyFile(source, path.join(out, 'submissions', mapped.folder, file));
    // A solution failing in more than one way (TLE or RTE, or other verdicts on some subtasks, `except`): every test
    // gets AC or one of them, and some test one of them.
    const failing = new Set(mapped.failing ?? []);
    const except = entry.except && typeof entry.except === 'object' ? Object.values(entry.except as Record<string, unknown>).map(String) : [];
    if (except.length > 0 && FAILING[verdict]) failing.add(FAILING[verdict]);
    for (const v of except) if (FAILING[v]) failing.add(FAILING[v]);
    if (failing.size > 1) expectations[`${mapped.folder}/${file}`] = { permitted: ['AC', ...failing], required: [...failing] };
  }
  if (Object.keys(expectations).length > 0) await writeFile(path.join(out, 'submissions', 'submissions.yaml'), dump(expectations));
}
