// The test data groups of a Kattis package: the folders under data/, each with an optional
// testdata.yaml (legacy) or test_group.yaml (2023-07). What they set is inherited by the folders
// under them: the output validator's flags for every problem, and for scoring problems how the
// group is scored (scoring.ts).
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
    if (yaml.on_reject !== undefined) {
      if (yaml.on_reject !== 'break' && yaml.on_reject !== 'continue') throw new PackageError(`${file}: on_reject must be break or continue, got ${describe(yaml.on_reject)}`);
      settings.onReject = yaml.on_reject;
    }
    if (yaml.grading !== undefined && yaml.grading !== 'default') throw new PackageError(`${file}: grading ${describe(yaml.grading)} is not supported (only the default grader)`);
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
export async function scoringTree(tests: TestCase[], dataDir: string, files: TestGroupFiles, modern: boolean): Promise<TestGroup> {
  // 2023-07 judges every group (a failed subtask does not stop the next one); legacy stops at the
  // first rejection unless a testdata.yaml says on_reject: continue.
  const rootSettings = await files.scoring(dataDir, { ...DEFAULT_SCORING, ignoreSample: modern, onReject: modern ? 'continue' : 'break' });
  const root: TestGroup = { name: 'data', settings: rootSettings, children: [] };
  const byName = new Map<string, TestGroup>([['', root]]);
  const groupOf = async (rel: string): Promise<TestGroup> => {
    const known = byName.get(rel);
    if (known) return known;
    const parent = await groupOf(rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '');
    const group: TestGroup = { name: rel, settings: await files.scoring(path.join(dataDir, rel), parent.settings), children: [] };
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
