// Property tests of the problem package loader (docs/problem-format.md): mutated copies of a
// real package zip, zips of random entries (hostile names, modes, lying sizes) and random
// problem.yaml documents (odd types, alias bombs). Every case ends in a loaded problem or a
// PackageError with a message; nothing is written outside the target folder, a refused zip
// leaves nothing behind, and no case waits forever (fast-check's per-case timeout).
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { loadProblemPackage, PackageError } from '@verdict/judge';
import { buildZip, type ZipEntrySpec } from '../judge/zip-builder.ts';
import { assertNoPollution, byteDamage, RUNS } from './arbitraries.ts';

const CASE_TIMEOUT_MS = 10_000;
const SAMPLE = path.resolve('problems/aplusb');

async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, e.name);
    out.push(path.relative(base, full));
    if (e.isDirectory()) out.push(...(await filesUnder(full, base)));
  }
  return out.sort();
}

async function linksUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, e.name);
    if (e.isSymbolicLink()) out.push(full);
    else if (e.isDirectory()) out.push(...(await linksUnder(full)));
  }
  return out;
}

describe('fuzz: problem package loader', function () {
  this.timeout(120_000);
  let root: string;
  let sampleEntries: ZipEntrySpec[];
  let sampleZip: Buffer;
  let caseNo = 0;

  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'verdict-fuzz-packages-'));
    const files = (await filesUnder(SAMPLE)).filter((f) => !f.startsWith('submissions') && path.extname(f) !== '');
    sampleEntries = await Promise.all(files.map(async (f) => ({ name: `aplusb/${f}`, data: await readFile(path.join(SAMPLE, f)), deflate: f.endsWith('.md') || f.endsWith('.in') })));
    sampleZip = buildZip(sampleEntries);
  });
  after(() => rm(root, { recursive: true, force: true }));
  afterEach(assertNoPollution);

  /**
   * Loads `zip` into a fresh case folder and checks the contract: a Problem whose files are all
   * inside the target, or a PackageError with a one-line message and no target left behind.
   * Nothing else may appear in the case folder (the only place a traversal could land).
   */
  async function loadZip(zip: Buffer): Promise<'loaded' | 'refused'> {
    const caseDir = path.join(root, `case-${++caseNo}`);
    const inner = path.join(caseDir, 'a', 'b');
    await mkdir(inner, { recursive: true });
    const zipPath = path.join(inner, 'package.zip');
    const target = path.join(inner, 'target');
    await writeFile(zipPath, zip);
    try {
      const problem = await loadProblemPackage(zipPath, { extractTo: target });
      for (const test of problem.tests) {
        assert.ok(test.input.startsWith(target + path.sep) && test.answer.startsWith(target + path.sep), test.input);
      }
      assert.ok(problem.tests.length > 0);
      assert.deepEqual(await linksUnder(target), [], 'no symbolic link is left in a loaded package');
      return 'loaded';
    } catch (err) {
      assert.ok(err instanceof PackageError, `not a PackageError: ${(err as Error)?.stack ?? String(err)}`);
      assert.ok(err.message.length > 0 && err.message.length < 2000 && !err.message.includes('[object Object]'), `unclear message: ${err.message.slice(0, 300)}`);
      assert.deepEqual(await readdir(inner), ['package.zip'], 'a refused zip leaves nothing behind');
      return 'refused';
    } finally {
      const outside = (await filesUnder(caseDir)).filter((f) => !f.startsWith(path.join('a', 'b', 'target')));
      assert.deepEqual(outside, ['a', path.join('a', 'b'), path.join('a', 'b', 'package.zip')], `written outside the target: ${outside.join(', ')}`);
      await rm(caseDir, { recursive: true, force: true });
    }
  }

  it('the unmodified sample zip loads (the mutations start from a valid package)', async () => {
    assert.equal(await loadZip(sampleZip), 'loaded');
  });

  it('flipped, truncated, inserted and overwritten bytes of a valid zip: a problem or a PackageError', async () => {
    const mutation = fc.oneof(
      ...byteDamage(8, 64),
      // A field of the headers overwritten with an extreme value (sizes, counts, offsets).
      fc.tuple(fc.nat(), fc.constantFrom(0xffffffff, 0x7fffffff, 0, 0xffff)).map(([at, value]) => (z: Buffer) => {
        const copy = Buffer.from(z);
        // (an earlier truncation may have left fewer than 4 bytes to overwrite)
        if (copy.length >= 4) copy.writeUInt32LE(value >>> 0, at % (copy.length - 3));
        return copy;
      }),
    );
    const outcomes = { loaded: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
        outcomes[await loadZip(mutations.reduce((z, m) => m(z), sampleZip))]++;
      }),
      { numRuns: RUNS.packages, timeout: CASE_TIMEOUT_MS, markInterruptAsFailure: true },
    );
    assert.ok(outcomes.refused > 0, 'no mutation was refused: the mutations do not reach the loader');
  });

  it('zips of random entries (traversal, absolute, backslash, long, duplicate, unicode names; links; lying sizes)', async () => {
    const name = fc.oneof(
      fc.constantFrom('data/secret/1.in', 'data/secret/1.ans', '1.in', '1.out', 'problem.yaml', 'data/', 'pkg/', 'pkg/1.in', 'pkg/1.ans'),
      fc.constantFrom('../evil', '../../evil', 'a/../../evil', '/etc/evil', '/tmp/evil', 'C:/evil', 'C:\\evil', '..\\evil', 'a\\..\\..\\evil', './1.in', 'a//b', '', '.', '..', 'a/./b'),
      fc.constantFrom('données/é.in', '测试/1.in', 'x\u202e.in', 'a\0b', '%2e%2e/evil', 'CON', 'a:b'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      fc.integer({ min: 200, max: 300 }).map((n) => `${'n'.repeat(n)}.in`),
      fc.integer({ min: 10, max: 80 }).map((n) => `${'d/'.repeat(n)}1.in`),
    );
    const entry = fc.record(
      {
        name,
        data: fc.oneof(fc.string({ maxLength: 20 }), fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b))),
        mode: fc.constantFrom(undefined, 0o100644, 0o40755, 0o120777, 0o20666, 0o10644, 0o140777),
        deflate: fc.boolean(),
        declaredSize: fc.constantFrom(undefined, undefined, 0, 1, 0xffffffff, 0x7fffffff, 1 << 30),
      },
      { requiredKeys: ['name'] },
    );
    const outcomes = { loaded: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 8 }), fc.boolean(), async (entries, share) => {
        outcomes[await loadZip(buildZip(entries as ZipEntrySpec[], { shareData: share && entries.length > 1 }))]++;
      }),
      {
        numRuns: RUNS.packages,
        timeout: CASE_TIMEOUT_MS,
        markInterruptAsFailure: true,
        examples: [[[{ name: 'pkg/1.in', data: '1' }, { name: 'pkg/1.ans', data: '1' }], false], [[{ name: '1.in' }, { name: '1.in' }, { name: '1.out' }], false]],
      },
    );
    assert.ok(outcomes.loaded > 0 && outcomes.refused > 0, JSON.stringify(outcomes));
  });

  it('zips of symbolic links among real entries (inside, outside, chains, loops, links to folders): followed or refused, never left as links', async () => {
    const real = [
      { name: 'pkg/data/secret/1.in', data: '1' },
      { name: 'pkg/data/secret/1.ans', data: '1' },
      { name: 'pkg/shared/h.txt', data: 'h' },
    ];
    const at = fc.constantFrom('pkg/data/secret/2.in', 'pkg/data/secret/2.ans', 'pkg/data/secret/g', 'pkg/shared/l', 'pkg/l2', 'pkg/data/sample', 'pkg/x/y/z.in');
    const target = fc.oneof(
      fc.constantFrom('1.in', '1.ans', '../../shared/h.txt', '../shared', 'secret', '.', '..', '../..', '../../..', '../../../..', '/etc/passwd', 'l2', '../l2', 'g/1.in', 'nothing', 'secret/../secret/1.in', ''),
      fc.array(fc.constantFrom('..', '.', 'pkg', 'data', 'secret', 'shared', 'l', 'l2', 'g', '1.in'), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('/')),
    );
    const link = fc.record({ name: at, data: target, mode: fc.constant(0o120777) });
    const outcomes = { loaded: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(link, { minLength: 1, maxLength: 5 }), async (links) => {
        // loadZip checks that a loaded package holds no link and that nothing lands outside it.
        outcomes[await loadZip(buildZip([...real, ...links] as ZipEntrySpec[]))]++;
      }),
      {
        numRuns: RUNS.packages,
        timeout: CASE_TIMEOUT_MS,
        markInterruptAsFailure: true,
        examples: [
          [[{ name: 'pkg/data/secret/2.in', data: '1.in', mode: 0o120777 }, { name: 'pkg/data/secret/2.ans', data: '1.ans', mode: 0o120777 }]],
          [[{ name: 'pkg/data/secret/g', data: '../../shared', mode: 0o120777 }, { name: 'pkg/l2', data: 'data/secret/g/h.txt', mode: 0o120777 }]],
        ],
      },
    );
    assert.ok(outcomes.loaded > 0 && outcomes.refused > 0, JSON.stringify(outcomes));
  });

  it('many entries: over the file limit refused from the header, under it loaded', async () => {
    const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `t/${i >> 1}.${i % 2 ? 'ans' : 'in'}`, data: String(i >> 1) }));
    assert.equal(await loadZip(buildZip(entries(10_002))), 'refused');
    assert.equal(await loadZip(buildZip(entries(400))), 'loaded');
  });

  /** Writes a Kattis package folder with the given problem.yaml and loads it. */
  async function loadWithYaml(yaml: string): Promise<'loaded' | 'refused'> {
    const dir = path.join(root, `yaml-${++caseNo}`);
    await mkdir(path.join(dir, 'data', 'secret'), { recursive: true });
    await writeFile(path.join(dir, 'data', 'secret', '1.in'), '1 2\n');
    await writeFile(path.join(dir, 'data', 'secret', '1.ans'), '3\n');
    await writeFile(path.join(dir, 'problem.yaml'), yaml);
    try {
      const problem = await loadProblemPackage(dir);
      assert.equal(typeof problem.name, 'string');
      assert.ok(Number.isFinite(problem.timeLimitMs) && problem.timeLimitMs > 0, String(problem.timeLimitMs));
      assert.ok(Number.isFinite(problem.memoryLimitMb) && problem.memoryLimitMb > 0, String(problem.memoryLimitMb));
      return 'loaded';
    } catch (err) {
      assert.ok(err instanceof PackageError, `not a PackageError: ${(err as Error)?.stack ?? String(err)}`);
      assert.ok(err.message.length > 0 && err.message.length < 2000, `unclear message of ${err.message.length} characters: ${err.message.slice(0, 300)}`);
      return 'refused';
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Nine levels of nine aliases: 9^9 leaves if anything walks it as a tree. */
  const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`)].join('\n');

  it('problem.yaml of odd types, hostile keys and alias bombs: a problem or a PackageError', async () => {
    const key = fc.constantFrom('name', 'limits', 'time_limit', 'memory', 'validation', 'validator_flags', 'validator_protocol', '__proto__', 'constructor', '<<', 'en');
    const scalar = fc.oneof(
      fc.constantFrom('~', 'null', 'true', '1e309', '-1', '0', '.inf', '.nan', '0x10', '!!binary aGk=', '!!str 5', '"\\0"', '2001-12-14', '[]', '{}', '*laugh', 'custom', 'custom interactive', 'float_tolerance x', 'float_tolerance 1e-6 case_sensitive', '!!js/function "x"', '!!python/object x'),
      fc.double().map(String),
      fc.string({ maxLength: 10 }).map((s) => JSON.stringify(s)),
    );
    const yamlValue: fc.Arbitrary<string> = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 3 }).map((v) => `[${v.join(', ')}]`), fc.array(fc.tuple(key, tie('value')), { maxLength: 3 }).map((kv) => `{${kv.map(([k, v]) => `${k}: ${v}`).join(', ')}}`)),
    })).value;
    const document = fc.oneof(
      fc.array(fc.tuple(key, yamlValue), { maxLength: 5 }).map((kv) => `laugh: &laugh ${'x'.repeat(3)}\n${kv.map(([k, v]) => `${k}: ${v}`).join('\n')}\n`),
      yamlValue,
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('', '---\n...\n', '- a\n- b\n', ': :', '&a [*a]', '!!binary AAAA', 'a: b: c'),
      fc.constantFrom('name', 'limits', 'validator_flags', 'validator_protocol', 'validation').map((k) => `${laughs}\n${k}: *i\n`),
      fc.constantFrom('name', 'limits').map((k) => `${laughs}\n${k}: {memory: *i, time_limit: *i, en: *i}\n`),
      fc.integer({ min: 100, max: 5000 }).map((depth) => `name: ${'['.repeat(depth)}${']'.repeat(depth)}\n`),
    );
    const outcomes = { loaded: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(document, async (yaml) => {
        outcomes[await loadWithYaml(yaml)]++;
        assertNoPollution();
      }),
      { numRuns: RUNS.packages * 2, timeout: CASE_TIMEOUT_MS, markInterruptAsFailure: true },
    );
    assert.ok(outcomes.loaded > 0 && outcomes.refused > 0, JSON.stringify(outcomes));
  });
});
