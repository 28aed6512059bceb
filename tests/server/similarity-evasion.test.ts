// Issue 31, item 2: the evasion test set (tests/fixtures/similarity-evasion, our own making). One
// solution (original.cpp), copies of it transformed as cheaters do (renamed identifiers, reordered
// functions, comments and layout, dead code, loops rewritten, C++ ↔ C-style I/O, and all at once),
// and solutions of the same problem written independently (BFS twice, DFS, union-find, an explicit
// stack in C, Python). Every copy must rank above every pair of independently written solutions.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyseProblem } from '@verdict/server/internal/modules/similarity/index';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/similarity-evasion');
const COPIES = ['renamed.cpp', 'reordered.cpp', 'comments.cpp', 'deadcode.cpp', 'loops.cpp', 'c-style-io.cpp', 'combined.cpp'];
const language = (file: string) => (file.endsWith('.py') ? 'python3' : file.endsWith('.c') ? 'c' : 'cpp');

describe('similarity: the evasion test set', () => {
  const files = fs.readdirSync(DIR).sort();
  const analysis = analyseProblem(
    files.map((file, i) => ({ userId: i + 1, submissionId: i + 1, language: language(file), code: fs.readFileSync(path.join(DIR, file), 'utf8') })),
    [],
  );
  const similarity = (x: string, y: string) => {
    const [a, b] = [files.indexOf(x), files.indexOf(y)].sort((p, q) => p - q);
    return analysis.pairs.find((p) => p.a === a && p.b === b)?.similarity ?? 0;
  };
  const independent = files.filter((f) => f === 'original.cpp' || f.startsWith('independent'));
  const independentPairs = independent.flatMap((x, i) => independent.slice(i + 1).map((y) => [x, y, similarity(x, y)] as const));
  const mostSimilarIndependent = independentPairs.reduce((best, p) => (p[2] > best[2] ? p : best));

  it('holds the copies and at least five independent solutions', () => {
    for (const copy of COPIES) assert.ok(files.includes(copy), copy);
    assert.ok(independent.length >= 6);
  });

  for (const copy of COPIES) {
    it(`${copy} ranks above every pair of independent solutions`, () => {
      const score = similarity('original.cpp', copy);
      assert.ok(
        score > mostSimilarIndependent[2],
        `${copy}: ${score.toFixed(3)}, not above ${mostSimilarIndependent[0]} ~ ${mostSimilarIndependent[1]}: ${mostSimilarIndependent[2].toFixed(3)}`,
      );
    });
  }

  it('finds the copies as one cluster, without any independent solution', () => {
    const names = analysis.clusters.map((c) => c.map((i) => files[i]).sort());
    assert.deepEqual(names, [['original.cpp', ...COPIES].sort()]);
  });

  it('says which sources fell back to the generic lexer (none here: C, C++ and Python have lexers)', () => {
    assert.deepEqual(new Set(analysis.sources.map((s) => s.lexer)), new Set(['c-family', 'python']));
  });
});
