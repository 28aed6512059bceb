// A loaded problem written as a Kattis 2025-09 package (Kattis/problem-package-format, spec/2025-09.md): problem.yaml
// with its required keys (problem_format_version, name, uuid), limits, type; data/sample and data/secret with the
// test data groups' test_group.yaml (max_score, score_aggregation, output_validator_args); output_validator/ (a
// testlib or CMS checker wrapped in the format's build and run scripts); statement/, attachments/, include/,
// input_validators/ as they are; submissions/ by folder with submissions.yaml. What 2025-09 cannot say is refused by
// name. Verdict's own loader reads the result back with the same tests, limits, scores and verdicts.
import { createHash } from 'node:crypto';
import { chmod, copyFile, cp, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dump, load } from 'js-yaml';
import { PackageError } from '../package/errors.ts';
import type { CheckerSpec, Problem, ScoringSettings, TestGroup } from '../types.ts';

export interface ExportReport {
  name: string;
  notes: string[];
}

type Yaml = Record<string, unknown>;

export type KattisVersion = '2025-09' | 'legacy';

/** Writes `problem` into `out` (missing or empty) as a Kattis 2025-09 package, or a legacy one on request (pass-fail problems). */
export async function exportKattis(problem: Problem, out: string, version: KattisVersion = '2025-09'): Promise<ExportReport> {
  if ((await readdir(out).catch(() => [])).length > 0) throw new PackageError(`${out} is not empty: export into a new or empty folder`);
  const notes: string[] = [];
  const original = await originalYaml(problem.dir);
  if (version === 'legacy') return exportLegacy(problem, out, original, notes);
  await mkdir(out, { recursive: true });

  const type: string[] = [];
  if (problem.scoring) type.push('scoring');
  if (problem.interaction?.interactive) type.push('interactive');
  if (problem.interaction?.multiPass) type.push('multi-pass');
  const limits: Yaml = {};
  if (problem.timeLimitFrom !== 'default') limits.time_limit = problem.timeLimitMs / 1000;
  limits.memory = problem.memoryLimitMb;
  if (problem.timeMultiplier !== undefined || problem.timeSafetyMargin !== undefined) {
    limits.time_multipliers = {
      ...(problem.timeMultiplier !== undefined ? { ac_to_time_limit: problem.timeMultiplier } : {}),
      ...(problem.timeSafetyMargin !== undefined ? { time_limit_to_tle: problem.timeSafetyMargin } : {}),
    };
  }
  if (problem.timeResolution !== undefined) limits.time_resolution = problem.timeResolution;
  const r = problem.resourceLimits;
  if (r?.outputMb !== undefined) limits.output = r.outputMb;
  if (r?.codeKb !== undefined) limits.code = r.codeKb;
  if (r?.compile?.timeMs !== undefined) limits.compilation_time = r.compile.timeMs / 1000;
  if (r?.compile?.memoryMb !== undefined) limits.compilation_memory = r.compile.memoryMb;
  if (r?.validator?.timeMs !== undefined) limits.validation_time = r.validator.timeMs / 1000;
  if (r?.validator?.memoryMb !== undefined) limits.validation_memory = r.validator.memoryMb;
  if (r?.validator?.outputMb !== undefined) limits.validation_output = r.validator.outputMb;
  if (problem.interaction?.multiPass) limits.validation_passes = problem.interaction.maxPasses;
  if (problem.languageFactors) notes.push('the limits are scaled per language here (languageFactors); Kattis packages are judged with the same limits in every language');

  const yaml: Yaml = {
    problem_format_version: '2025-09',
    ...(type.length > 0 ? { type: type.length === 1 ? type[0] : type } : {}),
    name: nameOf(original, problem),
    uuid: typeof original.uuid === 'string' && original.uuid.trim() ? original.uuid : uuidFrom(problem.hash),
    ...metadata(original),
    limits,
    ...(problem.keywords && problem.keywords.length > 0 ? { keywords: problem.keywords } : {}),
    ...(problem.languages ? { languages: problem.languages } : {}),
  };
  await writeFile(path.join(out, 'problem.yaml'), dump(yaml, { lineWidth: -1 }));

  const defaultArgs = await writeValidator(problem.checker, problem.interaction !== undefined, out, notes);
  await writeData(problem, out, defaultArgs);
  await copyAlong(problem.dir, out, notes);
  await writeSubmissions(problem, out, notes);
  return { name: problem.name, notes };
}

async function originalYaml(dir: string): Promise<Yaml> {
  try {
    const value = load(await readFile(path.join(dir, 'problem.yaml'), 'utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Yaml) : {};
  } catch {
    return {};
  }
}

/** The name as the package gave it (a map of languages kept), else the loaded one. */
function nameOf(original: Yaml, problem: Problem): unknown {
  const n = original.name;
  if (n && typeof n === 'object' && !Array.isArray(n) && Object.values(n).every((v) => typeof v === 'string')) return n;
  return problem.name;
}

/** A UUID made from the package's hash: the same package exports the same uuid. */
function uuidFrom(hash: string): string {
  const h = createHash('sha256').update(`verdict-kattis-export:${hash}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** 2025-09's metadata the package had (legacy `author` → `credits`, `source_url` → `source.url`). */
function metadata(original: Yaml): Yaml {
  const out: Yaml = {};
  for (const key of ['version', 'credits', 'license', 'rights_owner', 'embargo_until']) if (original[key] !== undefined) out[key] = original[key];
  if (out.credits === undefined && typeof original.author === 'string') out.credits = original.author;
  if (original.source !== undefined) out.source = typeof original.source === 'string' && typeof original.source_url === 'string' ? { name: original.source, url: original.source_url } : original.source;
  return out;
}

/** output_validator/ for a custom checker; returns the default validator's arguments for the test data. */
async function writeValidator(checker: CheckerSpec, interactive: boolean, out: string, notes: string[]): Promise<string[]> {
  const target = path.join(out, 'output_validator');
  switch (checker.kind) {
    case 'default':
      // Verdict's own default compares lines ignoring trailing whitespace; Kattis' default validator compares tokens.
      notes.push("the flat package's default comparison becomes Kattis' default validator (tokens, any whitespace)");
      return [];
    case 'tokens':
      return checker.flags;
    case 'float':
      return ['float_absolute_tolerance', String(checker.absolute), 'float_relative_tolerance', String(checker.relative)];
    case 'kattis':
      await copyProgram(checker.source, target);
      return checker.flags;
    case 'testlib':
    case 'cms':
      if (interactive) throw new PackageError(`a ${checker.kind} interactor (Polygon's interactive problems) cannot be wrapped as a Kattis interactive validator yet`);
      await copyProgram(checker.source, target);
      await wrap(target, checker.kind);
      notes.push(`the ${checker.kind === 'cms' ? 'CMS' : 'testlib'} checker is wrapped in output_validator/build and run (the format's scripts), which call it by its own protocol and answer Kattis' exit codes`);
      return [];
    case 'plugin':
      throw new PackageError(`the checker "${checker.name}" comes from a plugin: a Kattis package cannot hold it`);
  }
}

async function copyProgram(source: string, target: string): Promise<void> {
  await mkdir(target, { recursive: true });
  if ((await stat(source)).isDirectory()) await cp(source, target, { recursive: true });
  else await copyFile(source, path.join(target, path.basename(source)));
}

/**
 * A testlib (`checker input output answer`: 0 AC, 1 WA, 2 PE) or CMS (`checker input answer output`: the outcome on
 * stdout) checker as a Kattis output validator (`run input answer feedback_dir < output`: 42 AC, 43 WA): `build`
 * compiles it (C or C++, with the `cc`/`c++` the format promises; Python runs as it is) and `run` calls it. A CMS
 * outcome below 1 is accepted with the outcome in score.txt, as Kattis' scoring validators give partial scores.
 */
async function wrap(dir: string, protocol: 'testlib' | 'cms'): Promise<void> {
  const files = await readdir(dir);
  const cpp = files.filter((f) => /\.(cpp|cc|cxx|c\+\+)$/.test(f));
  const c = files.filter((f) => f.endsWith('.c'));
  const py = files.filter((f) => f.endsWith('.py'));
  let compile: string;
  let program: string;
  if (cpp.length > 0) [compile, program] = [`c++ -O2 -std=gnu++17 -o checker ${cpp.join(' ')}`, './checker'];
  else if (c.length > 0) [compile, program] = [`cc -O2 -std=gnu17 -o checker ${c.join(' ')} -lm`, './checker'];
  else if (py.length === 1) [compile, program] = ['true', `python3 ${py[0]}`];
  else throw new PackageError(`output_validator: the ${protocol} checker (${files.join(', ')}) is not C, C++ or one Python file: it cannot be wrapped`);
  if (files.includes('build') || files.includes('run')) throw new PackageError('output_validator: the checker has its own build or run file: it cannot be wrapped');
  await writeFile(path.join(dir, 'build'), `#!/bin/sh\n# Verdict's export: builds the ${protocol} checker.\nset -e\n${compile}\n`);
  const run =
    protocol === 'testlib'
      ? `#!/bin/sh
# Verdict's export: a testlib checker (checker input output answer; exit 0 AC, 1 WA, 2 PE) as a Kattis validator.
cat > "$3/output.txt"
${program} "$1" "$3/output.txt" "$2" 2> "$3/judgemessage.txt" > /dev/null
case $? in
  0) exit 42 ;;
  1|2) exit 43 ;;
  *) exit 1 ;;
esac
`
      : `#!/bin/sh
# Verdict's export: a CMS checker (checker input answer output; the outcome, 0 to 1, on stdout's first line, the
# message on stderr's) as a Kattis validator: 1 is accepted, above 0 accepted with the outcome in score.txt, 0 wrong.
cat > "$3/output.txt"
${program} "$1" "$2" "$3/output.txt" > "$3/outcome.txt" 2> "$3/judgemessage.txt" || exit 1
outcome=$(head -n 1 "$3/outcome.txt")
python3 -c 'import sys; float(sys.argv[1])' "$outcome" 2> /dev/null || exit 1
if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= 1 else 1)' "$outcome"; then exit 42; fi
if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) > 0 else 1)' "$outcome"; then echo "$outcome" > "$3/score.txt"; exit 42; fi
exit 43
`;
  await writeFile(path.join(dir, 'run'), run);
  await chmod(path.join(dir, 'build'), 0o755);
  await chmod(path.join(dir, 'run'), 0o755);
}

/** data/: each test where it was (data/sample/…, data/secret/…; a flat package's tests under secret/), with the groups' settings. */
async function writeData(problem: Problem, out: string, defaultArgs: string[]): Promise<void> {
  const dataDir = path.join(problem.dir, 'data');
  const folderOf = (i: number) => {
    const t = problem.tests[i];
    const rel = path.relative(dataDir, path.dirname(t.input)).split(path.sep).join('/');
    if (!rel.startsWith('..') && (rel === 'sample' || rel === 'secret' || rel.startsWith('sample/') || rel.startsWith('secret/'))) return rel;
    return t.sample ? 'sample' : 'secret';
  };
  const groupYaml = new Map<string, Yaml>();
  const yamlOf = (folder: string) => {
    let y = groupYaml.get(folder);
    if (!y) groupYaml.set(folder, (y = {}));
    return y;
  };
  const argsOf = new Map<string, string[]>();
  for (const [i, test] of problem.tests.entries()) {
    const folder = folderOf(i);
    const stem = path.basename(test.input).replace(/\.in$/, '');
    await mkdir(path.join(out, 'data', folder), { recursive: true });
    await copyFile(test.input, path.join(out, 'data', folder, `${stem}.in`));
    await copyFile(test.answer, path.join(out, 'data', folder, `${stem}.ans`));
    const args = test.validatorFlags ?? defaultArgs;
    const known = argsOf.get(folder);
    if (known && known.join('\0') !== args.join('\0')) throw new PackageError(`data/${folder}: its tests have different output validator flags: a test data group has one set`);
    argsOf.set(folder, args);
  }
  for (const [folder, args] of argsOf) if (args.length > 0) yamlOf(folder).output_validator_args = args;
  if (problem.scoring) {
    checkRoot(problem.scoring.root.settings);
    const walk = (group: TestGroup) => {
      for (const child of group.children) if (typeof child !== 'number') walk(child);
      if (!group.name.startsWith('secret')) return;
      scoringOf(group.name, group.settings, yamlOf(group.name));
    };
    walk(problem.scoring.root);
  }
  for (const [folder, y] of groupYaml) {
    await mkdir(path.join(out, 'data', folder), { recursive: true });
    await writeFile(path.join(out, 'data', folder, 'test_group.yaml'), dump(y, { lineWidth: -1 }));
  }
}

/** A group's scoring as 2025-09 says it: max_score and score_aggregation (sum or min); anything else is refused by name. */
function scoringOf(name: string, s: ScoringSettings, y: Yaml): void {
  const where = `data/${name}`;
  if (s.aggregation !== 'sum' && s.aggregation !== 'min') throw new PackageError(`${where}: aggregation ${s.aggregation} has no 2025-09 equivalent (sum, min)`);
  if (s.acceptScore !== 1 || s.rejectScore !== 0) throw new PackageError(`${where}: accept_score ${s.acceptScore} / reject_score ${s.rejectScore} have no 2025-09 equivalent (a test scores 1 or 0)`);
  if (s.range[0] !== -Infinity || s.range[1] !== Infinity) throw new PackageError(`${where}: range has no 2025-09 equivalent`);
  if (s.verdictRule !== 'first_error') throw new PackageError(`${where}: grader flag ${s.verdictRule} has no 2025-09 equivalent`);
  if (s.onReject === 'break' && s.aggregation === 'sum') throw new PackageError(`${where}: on_reject: break in a group that sums its tests has no 2025-09 equivalent (2025-09 judges every test)`);
  y.max_score = s.score ?? 'unbounded';
  y.score_aggregation = s.aggregation;
}

function checkRoot(s: ScoringSettings): void {
  if (!s.ignoreSample) throw new PackageError('data/: the samples count towards the score (legacy, without ignore_sample): 2025-09 never counts them');
  if (s.aggregation !== 'sum' || s.acceptScore !== 1 || s.rejectScore !== 0 || s.verdictRule !== 'first_error' || s.range[0] !== -Infinity || s.range[1] !== Infinity) {
    throw new PackageError('data/testdata.yaml: scoring settings of the whole test data have no 2025-09 equivalent');
  }
}

/** The statement (statement/ or problem_statement/ → statement/), attachments/, include/, input validators, as they are. */
async function copyAlong(dir: string, out: string, notes: string[]): Promise<void> {
  const isDir = async (p: string) => (await stat(p).catch(() => null))?.isDirectory() ?? false;
  for (const [from, to] of [
    ['statement', 'statement'],
    ['problem_statement', 'statement'],
    ['attachments', 'attachments'],
    ['include', 'include'],
    ['input_validators', 'input_validators'],
    ['input_format_validators', 'input_validators'],
  ]) {
    if (!(await isDir(path.join(dir, from))) || (await isDir(path.join(out, to)))) continue;
    await cp(path.join(dir, from), path.join(out, to), { recursive: true });
  }
  if (!(await isDir(path.join(out, 'statement')))) notes.push('the problem has no statement folder: statement/ is left out (the format wants one per language of its name)');
}

/**
 * Each submission in its folder (a folder of files kept whole); the package's submissions.yaml kept, with the entry
 * points added. Folders 2025-09 does not name (partially_accepted, memory_limit_exceeded, slow_accepted) are kept
 * by name, with no submissions.yaml entry: one would replace what Verdict's loader (and DOMjudge's, problemtools')
 * reads from the name (partially_accepted: some score, not all), which 2025-09's inclusive ranges cannot say.
 */
async function writeSubmissions(problem: Problem, out: string, notes: string[]): Promise<void> {
  const own = path.join(problem.dir, 'submissions', 'submissions.yaml');
  let entries: Yaml = {};
  if (await stat(own).catch(() => null)) {
    const value = load(await readFile(own, 'utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) entries = value as Yaml;
  }
  for (const s of problem.submissions) {
    const target = path.join(out, 'submissions', s.folder, path.basename(s.path));
    await mkdir(path.dirname(target), { recursive: true });
    if ((await stat(s.path)).isDirectory()) await cp(s.path, target, { recursive: true });
    else await copyFile(s.path, target);
    const key = `${s.folder}/${path.basename(s.path)}`;
    if (s.entryPoint && entries[key] === undefined) entries[key] = { entrypoint: s.entryPoint };
  }
  if (Object.keys(entries).length > 0) {
    await mkdir(path.join(out, 'submissions'), { recursive: true });
    await writeFile(path.join(out, 'submissions', 'submissions.yaml'), dump(entries, { lineWidth: -1 }));
  }
  if (await stat(path.join(problem.dir, 'submissions', 'expectations.yaml')).catch(() => null)) notes.push("submissions/expectations.yaml (BAPCtools' draft) is not part of 2025-09: left out");
}

/**
 * The legacy format (spec/legacy.md), for pass-fail problems: problem.yaml without a version (`validation`,
 * `validator_flags`, `time_multiplier`, `time_safety_margin`), output_validators/<name>/, testdata.yaml's
 * output_validator_flags, problem_statement/, input_format_validators/. Scoring problems are refused (their legacy
 * grading keys are another model).
 */
async function exportLegacy(problem: Problem, out: string, original: Yaml, notes: string[]): Promise<ExportReport> {
  if (problem.scoring) throw new PackageError('a scoring problem cannot be exported as legacy yet (export 2025-09)');
  if (problem.interaction?.multiPass) throw new PackageError('a multi-pass problem has no legacy form (multi-pass came with 2023-07)');
  await mkdir(out, { recursive: true });
  const limits: Yaml = {};
  if (problem.timeLimitFrom !== 'default') limits.time_limit = problem.timeLimitMs / 1000;
  limits.memory = problem.memoryLimitMb;
  if (problem.timeMultiplier !== undefined) limits.time_multiplier = problem.timeMultiplier;
  if (problem.timeSafetyMargin !== undefined) limits.time_safety_margin = problem.timeSafetyMargin;
  const r = problem.resourceLimits;
  if (r?.outputMb !== undefined) limits.output = r.outputMb;
  if (r?.codeKb !== undefined) limits.code = r.codeKb;
  if (r?.compile?.timeMs !== undefined) limits.compilation_time = r.compile.timeMs / 1000;
  if (r?.compile?.memoryMb !== undefined) limits.compilation_memory = r.compile.memoryMb;
  if (r?.validator?.timeMs !== undefined) limits.validation_time = r.validator.timeMs / 1000;
  if (r?.validator?.memoryMb !== undefined) limits.validation_memory = r.validator.memoryMb;
  if (r?.validator?.outputMb !== undefined) limits.validation_output = r.validator.outputMb;
  const custom = problem.checker.kind === 'kattis' || problem.checker.kind === 'testlib' || problem.checker.kind === 'cms';
  const yaml: Yaml = {
    name: problem.name,
    ...(typeof original.uuid === 'string' ? { uuid: original.uuid } : {}),
    ...(typeof original.author === 'string' ? { author: original.author } : {}),
    ...(typeof original.source === 'string' ? { source: original.source } : {}),
    ...(typeof original.source_url === 'string' ? { source_url: original.source_url } : {}),
    ...(typeof original.license === 'string' ? { license: original.license } : {}),
    ...(typeof original.rights_owner === 'string' ? { rights_owner: original.rights_owner } : {}),
    validation: custom ? `custom${problem.interaction?.interactive ? ' interactive' : ''}` : 'default',
    limits,
    ...(problem.keywords && problem.keywords.length > 0 ? { keywords: problem.keywords.join(' ') } : {}),
    ...(problem.languages ? { languages: problem.languages.join(' ') } : {}),
  };
  const args = await writeValidator(problem.checker, problem.interaction !== undefined, out, notes);
  if (custom) {
    await mkdir(path.join(out, 'output_validators'), { recursive: true });
    await rename(path.join(out, 'output_validator'), path.join(out, 'output_validators', 'validator'));
  }
  if (args.length > 0) yaml.validator_flags = args.join(' ');
  await writeFile(path.join(out, 'problem.yaml'), dump(yaml, { lineWidth: -1 }));
  const dataDir = path.join(problem.dir, 'data');
  for (const test of problem.tests) {
    const rel = path.relative(dataDir, path.dirname(test.input)).split(path.sep).join('/');
    const folder = !rel.startsWith('..') && (rel === 'sample' || rel === 'secret' || /^(sample|secret)\//.test(rel)) ? rel : test.sample ? 'sample' : 'secret';
    const stem = path.basename(test.input).replace(/\.in$/, '');
    await mkdir(path.join(out, 'data', folder), { recursive: true });
    await copyFile(test.input, path.join(out, 'data', folder, `${stem}.in`));
    await copyFile(test.answer, path.join(out, 'data', folder, `${stem}.ans`));
    const own = test.validatorFlags;
    if (own && own.join('\0') !== args.join('\0')) {
      if (own.some((f) => /\s/.test(f))) throw new PackageError(`data/${folder}: a validator flag with a space has no legacy form (testdata.yaml flags are words)`);
      await writeFile(path.join(out, 'data', folder, 'testdata.yaml'), dump({ output_validator_flags: own.join(' ') }));
    }
  }
  for (const [from, to] of [
    ['statement', 'problem_statement'],
    ['problem_statement', 'problem_statement'],
    ['attachments', 'attachments'],
    ['include', 'include'],
    ['input_validators', 'input_format_validators'],
    ['input_format_validators', 'input_format_validators'],
  ]) {
    const isDir = async (p: string) => (await stat(p).catch(() => null))?.isDirectory() ?? false;
    if (!(await isDir(path.join(problem.dir, from))) || (await isDir(path.join(out, to)))) continue;
    await cp(path.join(problem.dir, from), path.join(out, to), { recursive: true });
  }
  await writeSubmissions(problem, out, notes);
  if (await stat(path.join(out, 'submissions', 'submissions.yaml')).catch(() => null)) notes.push('submissions/submissions.yaml is kept, though legacy tools do not read it');
  return { name: problem.name, notes };
}
