// Kattis packages judged as their authors meant (issue 34, item 0): each cause found on real
// packages, in a small package of our own. Runs that judge need the shared lock.
import assert from 'node:assert/strict';
import path from 'node:path';
import { loadProblemPackage, type Problem, type Verdict } from '@verdict/judge';
import { judgeScored } from '../../packages/judge/src/scoring.ts';
import { removeTempDirs, testJudge, writeTree } from './helpers.ts';

const TESTS = { 'data/secret/1.in': '1 2\n', 'data/secret/1.ans': '3\n' };
const pkg = (files: Record<string, string>, yaml = 'name: K\nlimits:\n  time_limit: 2\n  memory: 256\n') => loadProblemPackage(writeTree({ 'problem.yaml': yaml, ...TESTS, ...files }));

async function judgeFile(problem: Problem, name: string, content: string) {
  const judge = await testJudge();
  const language = judge.allLanguages.find((l) => l.extensions.includes(path.extname(name)))!;
  return judge.judgeSubmission({ problem, language, source: content, files: [{ name, content }], submissionName: path.basename(name, path.extname(name)) });
}

describe('Kattis packages as their authors meant them', function () {
  this.timeout(120_000);
  after(removeTempDirs);

  it('reads a testdata.yaml, test_group.yaml or problem.yaml of comments alone as all defaults', async function () {
    const comments = '# Nothing here: every setting keeps its default.\n   # indented too\n\n';
    const problem = await pkg({ 'data/testdata.yaml': comments, 'data/secret/test_group.yaml': comments }, comments);
    assert.equal(problem.tests.length, 1);
    assert.equal(problem.checker.kind, 'tokens');
    assert.equal(problem.memoryLimitMb, 2048, "problem.yaml of comments: the format's default memory");
  });

  it('takes a validator source with a header beside it in output_validators/ as one validator, compiled with its header', async function () {
    const problem = await pkg(
      {
        'output_validators/validator.c': '#include <stdio.h>\n#include "sum.h"\nint main(int argc, char **argv) {\n  FILE *in = fopen(argv[1], "r"); long long a, b, got;\n  if (!in || fscanf(in, "%lld %lld", &a, &b) != 2) return 1;\n  return scanf("%lld", &got) == 1 && got == sum(a, b) ? 42 : 43;\n}\n',
        'output_validators/sum.h': 'static long long sum(long long a, long long b) { return a + b; }\n',
        'output_validators/README.txt': 'notes\n',
      },
      'name: K\nvalidation: custom\nlimits:\n  time_limit: 2\n  memory: 256\n',
    );
    assert.equal(problem.checker.kind, 'kattis');
    assert.equal((problem.checker as { source: string }).source, path.join(problem.dir, 'output_validators'));
    assert.equal((await judgeFile(problem, 'ok.py', 'a, b = map(int, input().split())\nprint(a + b)\n')).verdict, 'AC');
    assert.equal((await judgeFile(problem, 'bad.py', 'print(4)\n')).verdict, 'WA');
    await assert.rejects(
      pkg({ 'output_validators/a.c': 'int main() { return 42; }\n', 'output_validators/b.py': 'exit(42)\n' }, 'name: K\nvalidation: custom\n'),
      /exactly one validator under output_validators\/ .*found 2/,
      'two programs are still two validators',
    );
  });

  it("inherits a group's grader_flags whole: a child's own flags drop its parent's accept_if_any_accepted", async function () {
    const files: Record<string, string> = {
      'data/secret/testdata.yaml': 'grader_flags: accept_if_any_accepted\non_reject: continue\n',
      'data/secret/g1/testdata.yaml': 'grader_flags: min\n',
      'data/secret/g2/testdata.yaml': 'accept_score: 2\n',
    };
    for (const g of ['g1', 'g2']) for (const t of ['1', '2']) Object.assign(files, { [`data/secret/${g}/${t}.in`]: '', [`data/secret/${g}/${t}.ans`]: '' });
    const problem = await loadProblemPackage(writeTree({ 'problem.yaml': 'name: G\ntype: scoring\n', ...files }));
    const verdicts: Record<string, Verdict> = { 'secret/g1/2': 'WA', 'secret/g2/2': 'WA' };
    const result = await judgeScored(problem.scoring!.root, async (index) => ({ name: problem.tests[index].name, verdict: verdicts[problem.tests[index].name] ?? 'AC', timeMs: 1, memoryKb: 1 }));
    const group = (name: string) => result.groups.find((g) => g.name === name)!.verdict;
    assert.equal(group('secret/g1'), 'WA', 'g1 names its own flags: first_error, the default');
    assert.equal(group('secret/g2'), 'AC', 'g2 names none: its parent’s accept_if_any_accepted');
  });

  it('skips compiled files in a submissions folder with a note, as problemtools does', async function () {
    const problem = await pkg({
      'submissions/accepted/Sol.java': 'public class Sol { public static void main(String[] a) {} }\n',
      'submissions/accepted/Sol.class': '\xca\xfe\xba\xbe',
      'submissions/accepted/folder/Main.java': 'public class Main { public static void main(String[] a) {} }\n',
      'submissions/accepted/folder/Main.class': '\xca\xfe\xba\xbe',
    });
    assert.deepEqual(
      problem.submissions.map((s) => [path.relative(problem.dir, s.path), s.files.map((f) => path.basename(f))]),
      [
        ['submissions/accepted/folder', ['Main.java']],
        ['submissions/accepted/Sol.java', ['Sol.java']],
      ],
    );
    assert.deepEqual(problem.submissionNotes, ['submissions/accepted/{Sol.class} skipped: compiled files, not sources']);
  });

  it("keeps a single-file submission's name: an included grader imports it by name, the program sees it in argv[0]", async function () {
    const graded = await pkg({
      'include/python3/main.py': 'import solution\na, b = map(int, input().split())\nprint(solution.add(a, b))\n',
    });
    assert.equal((await judgeFile(graded, 'solution.py', 'def add(a, b):\n    return a + b\n')).verdict, 'AC');
    const plain = await pkg({}, 'name: K\nlimits:\n  time_limit: 2\n  memory: 256\n');
    const argv0 = 'import os, sys\nassert os.path.basename(sys.argv[0]) == "selfaware.py", sys.argv[0]\na, b = map(int, input().split())\nprint(a + b)\n';
    assert.equal((await judgeFile(plain, 'selfaware.py', argv0)).verdict, 'AC');
    const rust = await pkg({ 'include/rust/main.rs': 'mod adder;\nuse std::io::*;\nfn main() { let mut s = String::new(); stdin().read_to_string(&mut s).unwrap(); let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect(); println!("{}", adder::add(v[0], v[1])); }\n' });
    assert.equal((await judgeFile(rust, 'adder.rs', 'pub fn add(a: i64, b: i64) -> i64 { a + b }\n')).verdict, 'AC');
  });

  it('compiles C++ in the GNU dialect (typeof) and C with the stack protector (a smashed stack is RE, not AC), as problemtools and DOMjudge hosts do', async function () {
    const problem = await pkg({});
    const typeofCpp = '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); typeof(a) s = a + b; printf("%lld\\n", s); }\n';
    assert.equal((await judgeFile(problem, 'gnu.cpp', typeofCpp)).verdict, 'AC');
    // 12 bytes into 8: without the protector it runs on quietly (AC); with it, abort (RE).
    const smash = '#include <stdio.h>\n#include <string.h>\n__attribute__((noinline)) int f(const char *s) { char buf[8]; strcpy(buf, s); return buf[1]; }\nint main(int argc, char **argv) { char big[64]; memset(big, \'x\', 12); big[12] = 0; int r = f(argc > 5 ? argv[1] : big); printf("3\\n"); return r == \'y\'; }\n';
    assert.equal((await judgeFile(problem, 'smash.c', smash)).verdict, 'RE');
  });

  it("gives compiling and the package's validator the format's defaults (60 s, 2048 MB; 8 MB of validator output) when it names none", async function () {
    const problem = await pkg({});
    assert.deepEqual(problem.resourceLimits, { compile: { timeMs: 60_000, memoryMb: 2048 }, validator: { timeMs: 60_000, memoryMb: 2048, outputMb: 8 } });
  });
});
