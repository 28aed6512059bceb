// The test data groups of a Kattis package: the folders under data/, each with an optional
// testdata.yaml (legacy) or test_group.yaml (2023-07, 2025-09). What they set is inherited by the
// folders under them: the output validator's flags for every problem, and for scoring problems how
// the group is scored (scoring.ts). 2025-09 scores by `max_score` and `score_aggregation`: secret
// sums its groups (100 at most by default), a group is pass-fail by default (all its tests
// accepted: its max_score, else 0). Submission `args` and `require_pass` are not supported and
// refuse the package by name.
import path from 'node:path';
import { DEFAULT_SCORING, type Aggregation, type ScoringSettings, type TestGroup } from '../scoring.ts';
import type { TestCase } from '../types.ts';
import { PackageError } from './errors.ts';
import { describe, flagList, numberIn, readYaml } from './kattis-config.ts';

type Yaml = Record<string, unknown>;

const AGGREGATIONS = new Set(['sum', 'min', 'max', 'avg']);
const VERDICT_RULES = new Set(['first_error', 'worst_error', 'accept_if_any_accepted']);

export class TestGroupFiles {
  private readonly cache = new Map<string, Promise<{ yaml: Yaml; file: string } | undefined>>();

  constructor(private readonly dataDir: string) {}

  /** The validator flags nearest the folder (output_validator_flags or output_validator_args). */
  async flags(folder: string): Promise<string[] | undefined> {
    for (let at = folder; ; at = path.dirname(at)) {
      const own = await this.own(at);
      const value = own?.yaml.output_validator_flags ?? own?.yaml.output_validator_args;
      if (own && value !== undefined) return flagList(value, `${own.file}: output validator flags`);
      if (at === this.dataDir || !at.startsWith(this.dataDir)) return undefined;
    }
  }

  /** A group's scoring settings: its parent's, overridden by what its own file sets. */
  async scoring(folder: string, parent: ScoringSettings): Promise<ScoringSettings> {
    const own = await this.own(folder);
    if (!own) return { ...parent, score: undefined };
    const { yaml, file } = own;
    const settings: ScoringSettings = { ...parent, score: undefined };
    return this.read2025(yaml, file, this.readLegacy(yaml, file, settings));
  }

  /** A 2025-09 group's defaults (secret: sum up to 100; a group under it: pass-fail), then its own file's keys. */
  async scoring2025(folder: string, parent: ScoringSettings, isSecret: boolean): Promise<ScoringSettings> {
    const defaults: ScoringSettings = isSecret ? { ...parent, aggregation: 'sum', score: 100 } : { ...parent, aggregation: 'min', score: undefined };
    const own = await this.own(folder);
    return own ? this.read2025(own.yaml, own.file, defaults) : defaults;
  }

  /** Keys of the 2025-09 test_group.yaml: max_score, score_aggregation; require_pass and args refused. */
  private read2025(yaml: Yaml, file: string, settings: ScoringSettings): ScoringSettings {
    const out = { ...settings };
    if (yaml.max_score !== undefined) out.score = yaml.max_score === 'unbounded' ? undefined : numberIn(yaml.max_score, `${file}: max_score`, 0, 1e9);
    const aggregation = yaml.score_aggregation;
    if (aggregation !== undefined) {
      if (aggregation !== 'pass-fail' && aggregation !== 'sum' && aggregation !== 'min') throw new PackageError(`${file}: score_aggregation must be pass-fail, sum or min, got ${describe(aggregation)}`);
      // Pass-fail: each accepted test counts 1 and a rejected one 0, so the minimum is 1 only when all pass.
      out.aggregation = aggregation === 'pass-fail' ? 'min' : aggregation;
    }
    const required = flagList(yaml.require_pass, `${file}: require_pass`);
    if (required.length > 0) throw new PackageError(`${file}: require_pass (${required.join(', ')}) is not supported: groups are scored on their own`);
    return out;
  }

  private readLegacy(yaml: Yaml, file: string, settings: ScoringSettings): ScoringSettings {
    if (yaml.on_reject !== undefined) {
      if (yaml.on_reject !== 'break' && yaml.on_reject !== 'continue') throw new PackageError(`${file}: on_reject must be break or continue, got ${describe(yaml.on_reject)}`);
      settings.onReject = yaml.on_reject;
    }
    if (yaml.grading !== undefined && yaml.grading !== 'default') throw new PackageError(`${file}: grading ${describe(yaml.grading)} is not supported (only the default grader)`);
    // grader_flags is inherited whole: a group's own list replaces its parent's, what it leaves
    // out is the default (a parent's accept_if_any_accepted does not survive a child's "min").
    if (yaml.grader_flags !== undefined && yaml.grader_flags !== null) {
      settings.aggregation = DEFAULT_SCORING.aggregation;
      settings.verdictRule = DEFAULT_SCORING.verdictRule;
    }
    for (const word of flagList(yaml.grader_flags, `${file}: grader_flags`)) {
      if (AGGREGATIONS.has(word)) settings.aggregation = word as Aggregation;
      else if (VERDICT_RULES.has(word)) settings.verdictRule = word as ScoringSettings['verdictRule'];
      else if (word === 'ignore_sample') settings.ignoreSample = true;
      else throw new PackageError(`${file}: grader flag "${word}" is not supported (sum, min, max, avg, first_error, worst_error, accept_if_any_accepted, ignore_sample)`);
    }
    settings.acceptScore = numberIn(yaml.accept_score, `${file}: accept_score`, -1e9, 1e9) ?? settings.acceptScore;
    settings.rejectScore = numberIn(yaml.reject_score, `${file}: reject_score`, -1e9, 1e9) ?? settings.rejectScore;
    if (yaml.range !== undefined) settings.range = range(yaml.range, file);
    const scoring = yaml.scoring && typeof yaml.scoring === 'object' && !Array.isArray(yaml.scoring) ? (yaml.scoring as Yaml) : {};
    const aggregation = scoring.aggregation ?? yaml.aggregation;
    if (aggregation !== undefined) {
      if (typeof aggregation !== 'string' || !AGGREGATIONS.has(aggregation)) throw new PackageError(`${file}: aggregation must be sum or min, got ${describe(aggregation)}`);
      settings.aggregation = aggregation as Aggregation;
    }
    const score = scoring.score ?? yaml.score;
    if (score !== undefined && score !== 'unbounded') settings.score = numberIn(score, `${file}: score`, 0, 1e9);
    return settings;
  }

  /** The submission's command-line arguments a folder's test_group.yaml gives: refused, Verdict runs programs without arguments. */
  async assertNoArgs(folder: string): Promise<void> {
    for (let at = folder; ; at = path.dirname(at)) {
      const own = await this.own(at);
      if (own && flagList(own.yaml.args, `${own.file}: args`).length > 0) throw new PackageError(`${own.file}: args (command-line arguments for submissions) is not supported`);
      if (at === this.dataDir || !at.startsWith(this.dataDir)) return;
    }
  }

  private own(folder: string): Promise<{ yaml: Yaml; file: string } | undefined> {
    let pending = this.cache.get(folder);
    if (!pending) {
      pending = this.read(folder);
      this.cache.set(folder, pending);
    }
    return pending;
  }

  private async read(folder: string): Promise<{ yaml: Yaml; file: string } | undefined> {
    const rel = path.relative(path.dirname(this.dataDir), folder).split(path.sep).join('/');
    for (const name of ['testdata.yaml', 'test_group.yaml']) {
      const file = `${rel}/${name}`;
      const yaml = await readYaml(path.join(folder, name), file);
      if (yaml) return { yaml, file };
    }
    return undefined;
  }
}

function range(value: unknown, file: string): [number, number] {
  const parts = typeof value === 'string' ? value.trim().split(/\s+/) : [];
  const read = (p: string | undefined) => (p === '-inf' ? -Infinity : p === 'inf' || p === '+inf' ? Infinity : Number(p));
  const [lo, hi] = [read(parts[0]), read(parts[1])];
  if (parts.length !== 2 || Number.isNaN(lo) || Number.isNaN(hi) || lo > hi) throw new PackageError(`${file}: range must be "min max" (like "0 100" or "-inf +inf"), got ${describe(value)}`);
  return [lo, hi];
}

/**
 * The group tree of a scoring problem from its tests' folders (data/sample/…, data/secret/…):
 * children in judging order. 2023-07 packages do not count the samples.
 */
export async function scoringTree(tests: TestCase[], dataDir: string, files: TestGroupFiles, modern: boolean, format2025 = false): Promise<TestGroup> {
  // 2023-07 judges every group (a failed subtask does not stop the next one); legacy stops at the
  // first rejection unless a testdata.yaml says on_reject: continue.
  const rootSettings = await files.scoring(dataDir, { ...DEFAULT_SCORING, ignoreSample: modern, onReject: modern ? 'continue' : 'break' });
  const root: TestGroup = { name: 'data', settings: rootSettings, children: [] };
  const byName = new Map<string, TestGroup>([['', root]]);
  const groupOf = async (rel: string): Promise<TestGroup> => {
    const known = byName.get(rel);
    if (known) return known;
    const parent = await groupOf(rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '');
    const folder = path.join(dataDir, rel);
    const settings = format2025 && rel.startsWith('secret') ? await files.scoring2025(folder, parent.settings, rel === 'secret') : await files.scoring(folder, parent.settings);
    const group: TestGroup = { name: rel, settings, children: [] };
    parent.children.push(group);
    byName.set(rel, group);
    return group;
  };
  for (const [index, test] of tests.entries()) {
    const folder = path.relative(dataDir, path.dirname(test.input)).split(path.sep).join('/');
    (await groupOf(folder)).children.push(index);
  }
  return root;
}
