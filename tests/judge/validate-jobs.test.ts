// `verdict problem validate --jobs N` (issue 34, item 4): submissions judged at once, each
// session on a core of its own, with the same verdicts and rows as one at a time.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, removeTempDirs, TEST_BACKEND, writeTree } from './helpers.ts';

function validate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile('node', [path.join(REPO_ROOT, 'cli/bin/verdict.js'), 'problem', 'validate', ...args, '--backend', TEST_BACKEND], { cwd: REPO_ROOT }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Each accepted submission waits 0.8 s of wall-clock time per test (no CPU): 1.6 s a submission. */
const SLOW_AC = 'import time\ntime.sleep(0.8)\na, b = map(int, input().split())\nprint(a + b)\n';

describe('verdict problem validate --jobs @slow', function () {
  this.timeout(180_000);
  after(removeTempDirs);

  it('judges submissions at once, with the verdicts and order of one at a time', async function () {
    const dir = writeTree({
      'problem.yaml': 'name: Jobs\nlimits:\n  time_limit: 4\n  memory: 256\n',
      'data/secret/1.in': '1 2\n',
      'data/secret/1.ans': '3\n',
      'data/secret/2.in': '5 6\n',
      'data/secret/2.ans': '11\n',
      'submissions/accepted/a.py': SLOW_AC,
      'submissions/accepted/b.py': SLOW_AC,
      'submissions/accepted/c.py': SLOW_AC,
      'submissions/accepted/d.py': SLOW_AC,
      'submissions/wrong_answer/w.py': 'print(0)\nprint(0)\n',
    });
    const one = await validate(dir, '--json', '--jobs', '1');
    const two = await validate(dir, '--json', '--jobs', '2');
    assert.equal(one.code, 0, one.stderr);
    assert.equal(two.code, 0, two.stderr);
    const rows = (r: { stdout: string }) => (JSON.parse(r.stdout) as { submissions: { file: string; verdict: string; ok: boolean }[] }).submissions.map((s) => [s.file, s.verdict, s.ok]);
    assert.deepEqual(rows(two), rows(one));
    // Four submissions of 1.6 s each: 6.4 s one at a time, 3.2 s two at once (margins for a busy machine).
    assert.ok(two.ms < one.ms - 1500, `--jobs 2 took ${two.ms} ms, --jobs 1 ${one.ms} ms`);
    const bad = await validate(dir, '--jobs', '0');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--jobs must be a whole number from 1 to 256, got "0"/);
  });
});
