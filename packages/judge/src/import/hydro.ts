// A Hydro problem export (problem.yaml, problem[_<lang>].md, testdata/ with config.yaml) written as
// a Verdict package: limits, tests and subtasks with their scores and dependencies, the default
// or strict comparison, statements. What Hydro judges and Verdict cannot is refused by name.
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dump } from 'js-yaml';
import { PackageError } from '../package/errors.ts';
import { describe, readYaml } from '../package/kattis-config.ts';
import { naturalCompare } from '../package/natural-sort.ts';
import type { ImportReport } from './polygon.ts';

interface HydroCase {
  input: string;
  output: string;
}

interface Subtask {
  id: string;
  score: number;
  aggregation: 'min' | 'sum';
  cases: HydroCase[];
  dependencies: string[];
}

export async function isHydroProblem(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries.includes('problem.yaml') && entries.includes('testdata');
}

/** Hydro's durations: "1s", "500ms", a number of milliseconds. */
function millis(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const m = /^\s*([\d.]+)\s*(ms|s)?\s*$/i.exec(String(value));
  if (!m) throw new PackageError(`${what} must be a duration such as 1s or 500ms, got ${describe(value)}`);
  return m[2]?.toLowerCase() === 's' ? Number(m[1]) * 1000 : Number(m[1]);
}

/** Hydro's sizes: "256m", "512MB", "1g", "65536k", a number of MB. */
function megabytes(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const m = /^\s*([\d.]+)\s*([kmg])?i?b?\s*$/i.exec(String(value));
  if (!m) throw new PackageError(`${what} must be a size such as 256m, got ${describe(value)}`);
  const unit = (m[2] ?? 'm').toLowerCase();
  return Number(m[1]) * (unit === 'g' ? 1024 : unit === 'k' ? 1 / 1024 : 1);
}

export async function importHydro(dir: string, out: string): Promise<ImportReport> {
  const meta = (await readYaml(path.join(dir, 'problem.yaml'), 'problem.yaml')) ?? {};
  const testdata = path.join(dir, 'testdata');
  const config = (await readYaml(path.join(testdata, 'config.yaml'), 'testdata/config.yaml')) ?? {};
  const notes: string[] = [];
  const type = String(config.type ?? 'default');
  if (type !== 'default') throw new PackageError(`testdata/config.yaml: type ${describe(type)} is not supported yet (default)`);
  if (config.filename) throw new PackageError(`testdata/config.yaml: filename ${describe(config.filename)} (file input and output) is not supported`);
  const checkerType = String(config.checker_type ?? 'default');
  if (checkerType !== 'default' && checkerType !== 'strict') throw new PackageError(`testdata/config.yaml: checker_type ${describe(checkerType)} is not supported (default, strict)`);
  const timeMs = millis(config.time, 'testdata/config.yaml: time') ?? 1000;
  const memoryMb = megabytes(config.memory, 'testdata/config.yaml: memory') ?? 256;
  const subtasks = await readSubtasks(testdata, config, { timeMs, memoryMb });

  const name = typeof meta.title === 'string' && meta.title.trim() ? meta.title.trim() : path.basename(dir);
  const yaml: Record<string, unknown> = {
    problem_format_version: '2023-07',
    name,
    type: 'scoring',
    limits: { time_limit: Math.min(60, timeMs / 1000), memory: Math.max(1, Math.round(memoryMb)) },
    // Hydro compares case-sensitively: its default ignores only whitespace at line ends (Verdict:
    // any whitespace change, a looser rule), strict compares the text as it is.
    validator_flags: checkerType === 'strict' ? 'case_sensitive space_change_sensitive' : 'case_sensitive',
    ...(Array.isArray(meta.tag) && meta.tag.every((t) => typeof t === 'string') ? { keywords: meta.tag } : {}),
  };
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, 'problem.yaml'), dump(yaml, { lineWidth: -1 }));
  const byId = new Map(subtasks.map((s) => [s.id, s]));
  for (const subtask of subtasks) {
    const folder = path.join(out, 'data/secret', `subtask${subtask.id}`);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'test_group.yaml'), dump({ scoring: { score: subtask.score, aggregation: subtask.aggregation } }));
    const put = async (c: HydroCase, stem: string) => {
      await copyFile(path.join(testdata, c.input), path.join(folder, `${stem}.in`));
      await copyFile(path.join(testdata, c.output), path.join(folder, `${stem}.ans`));
    };
    for (const [i, c] of subtask.cases.entries()) await put(c, String(i + 1).padStart(3, '0'));
    const deps = dependencyCases(subtask, byId, new Set());
    if (deps.length > 0 && subtask.aggregation !== 'min') throw new PackageError(`testdata/config.yaml: subtask ${subtask.id} depends on others (if) and sums its cases: not supported`);
    for (const [i, c] of deps.entries()) await put(c, `dep-${String(i + 1).padStart(3, '0')}`);
    if (deps.length > 0) notes.push(`subtask ${subtask.id} holds the ${deps.length} cases of the subtasks it depends on: its score needs them all to pass`);
  }
  for (const file of await readdir(dir)) {
    const m = /^problem(?:_([a-z]{2}(?:[_-][a-z]+)?))?\.md$/i.exec(file);
    if (!m) continue;
    await mkdir(path.join(out, 'problem_statement'), { recursive: true });
    const code = (m[1] ?? 'en').toLowerCase().replace('_', '-');
    await copyFile(path.join(dir, file), path.join(out, 'problem_statement', `problem.${code}.md`));
  }
  return { name, notes };
}

/** config.yaml's subtasks, or every `X.in` with its `X.out`/`X.ans`, each worth an equal share of 100 (Hydro's default). */
async function readSubtasks(testdata: string, config: Record<string, unknown>, limits: { timeMs: number; memoryMb: number }): Promise<Subtask[]> {
  const files = new Set(await readdir(testdata));
  const exists = (f: string) => files.has(f);
  if (Array.isArray(config.subtasks) && config.subtasks.length > 0) {
    return config.subtasks.map((raw: unknown, i: number) => {
      const s = (raw ?? {}) as Record<string, unknown>;
      const what = `testdata/config.yaml: subtasks[${i}]`;
      for (const [key, own, base] of [['time', millis(s.time, `${what}.time`), limits.timeMs], ['memory', megabytes(s.memory, `${what}.memory`), limits.memoryMb]] as const) {
        if (own !== undefined && own !== base) throw new PackageError(`${what}: a ${key} of its own (${describe(s[key])}) is not supported: one limit for the problem`);
      }
      const type = s.type ?? 'min';
      if (type !== 'min' && type !== 'sum') throw new PackageError(`${what}: type ${describe(type)} is not supported (min, sum)`);
      const cases = (Array.isArray(s.cases) ? s.cases : []).map((c: unknown, j: number) => {
        const { input, output } = (c ?? {}) as Record<string, unknown>;
        if (typeof input !== 'string' || typeof output !== 'string' || !exists(input) || !exists(output)) throw new PackageError(`${what}.cases[${j}]: input and output must name files in testdata/`);
        return { input, output };
      });
      if (cases.length === 0) throw new PackageError(`${what}: no cases`);
      const score = Number(s.score ?? 0);
      if (!(score >= 0)) throw new PackageError(`${what}: score must be a number, got ${describe(s.score)}`);
      return { id: String(s.id ?? i + 1), score, aggregation: type, cases, dependencies: (Array.isArray(s.if) ? s.if : []).map(String) };
    });
  }
  const inputs = [...files].filter((f) => f.endsWith('.in')).sort(naturalCompare);
  const cases = inputs.map((input) => {
    const stem = input.slice(0, -3);
    const output = [`${stem}.out`, `${stem}.ans`].find(exists);
    if (!output) throw new PackageError(`testdata/${input} has no answer (${stem}.out or ${stem}.ans)`);
    return { input, output };
  });
  if (cases.length === 0) throw new PackageError('testdata/ holds no tests (X.in with X.out or X.ans)');
  return [{ id: '1', score: 100, aggregation: 'sum', cases, dependencies: [] }];
}

function dependencyCases(subtask: Subtask, byId: Map<string, Subtask>, seen: Set<string>): HydroCase[] {
  const out: HydroCase[] = [];
  for (const id of subtask.dependencies) {
    const dep = byId.get(id);
    if (!dep) throw new PackageError(`testdata/config.yaml: subtask ${subtask.id} depends on subtask ${id}, which is not there`);
    if (seen.has(id) || id === subtask.id) continue;
    seen.add(id);
    out.push(...dep.cases, ...dependencyCases(dep, byId, seen));
  }
  return out;
}
