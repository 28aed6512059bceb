// Flat packages: test pairs side by side (1.in/1.out, a.in/a.ans), limits from the caller.
import path from 'node:path';
import type { Problem, TestCase } from '../types.ts';
import { PackageError } from './errors.ts';
import { listFiles } from './files.ts';
import { DEFAULT_MEMORY_LIMIT_MB, DEFAULT_TIME_LIMIT_MS, type LimitDefaults } from './kattis.ts';

export async function loadFlatPackage(dir: string, defaults: LimitDefaults, name = path.basename(dir)): Promise<Omit<Problem, 'hash'>> {
  const files = await listFiles(dir);
  const tests: TestCase[] = [];
  const missing: string[] = [];
  for (const rel of files.filter((f) => f.endsWith('.in'))) {
    const stem = rel.slice(0, -3);
    const answer = [`${stem}.ans`, `${stem}.out`].find((a) => files.includes(a));
    if (!answer) {
      missing.push(rel);
      continue;
    }
    tests.push({ name: stem.split(path.sep).join('/'), input: path.join(dir, rel), answer: path.join(dir, answer), sample: false });
  }
  if (missing.length) throw new PackageError(`no answer (.ans or .out) for ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`);
  if (tests.length === 0) throw new PackageError('no tests found: expected problem.yaml with data/, or pairs like 1.in/1.out');
  return {
    name,
    dir,
    timeLimitMs: defaults.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
    memoryLimitMb: defaults.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB,
    tests,
    checker: { kind: 'default' },
    statement: {},
    submissions: [],
  };
}
