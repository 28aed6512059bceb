// What real packages (problemtools' examples, DOMjudge's example problems, BAPCtools' test
// problems; docs/problem-format.md, "Measured on real packages") showed Verdict getting wrong, each
// case in a small package of our own: how the package says what its submissions should get
// (submissions.yaml, submissions.json, @EXPECTED_RESULTS@ anywhere), a validator one folder down,
// quoted validator flags, validators with build/run scripts, and how submissions are run (the
// environment DOMjudge sets, shell scripts, ES modules, Java packages, entry points).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { languageForSubmission, layoutSources, loadLanguageDefinitions, loadProblemPackage, PackageError, type Judge, type Language, type Problem, type SourceFile, type Verdict } from '@verdict/judge';
import type { RunRequest } from '@verdict/plugin-api';
import { compileSpecialJudge } from '../../packages/judge/src/checkers/special.ts';
import { DEFAULT_WORK_ROOT } from '../../packages/judge/src/workspace.ts';
import { REPO_ROOT, removeTempDirs, tempDir, TEST_BACKEND, testJudge, writeTree } from './helpers.ts';
import { processesOfUid } from '../sandbox/leftovers.ts';

const TESTS = { 'data/secret/1.in': '1 2\n', 'data/secret/1.ans': '3\n' };
const pkg = (files: Record<string, string>, yaml = 'name: Real\nlimits:\n  time_limit: 1\n  memory: 256\n') => loadProblemPackage(writeTree({ 'problem.yaml': yaml, ...TESTS, ...files }));
const rows = (problem: Problem) => problem.submissions.map((s) => [path.relative(problem.dir, s.path), s.accepts.join(','), s.entryPoint ?? '']);

/** A+B in C: a validator of the Kattis protocol (exit 42 accepts, 43 rejects) as a C source. */
const AB_VALIDATOR_C = [
  '#include <stdio.h>',
  'int main(int argc, char **argv) {',
  '  FILE *in = fopen(argv[1], "r"); long long a, b, got;',
  '  if (!in || fscanf(in, "%lld %lld", &a, &b) != 2) return 1;',
  '  if (scanf("%lld", &got) != 1 || got != a + b) return 43;',
  '  return 42;',
  '}',
  '',
].join('\n');

describe('cases from real packages', function () {
  after(removeTempDirs);

  describe('what a package says its submissions should get', function () {
    it('judges a folder the formats do not name when submissions.yaml or a DOMjudge tag says what to expect', async function () {
      const problem = await pkg({
        'submissions/submissions.yaml': 'mixed:\n  permitted: [AC, WA, TLE, RTE]\nmixed/strict.c:\n  permitted: [AC, WA]\n',
        'submissions/mixed/any.c': '',
        'submissions/mixed/strict.c': '',
        'submissions/multiple/tagged.c': '/* @EXPECTED_RESULTS@: TIMELIMIT,WRONG-ANSWER */\n',
        'submissions/multiple/untagged.c': '',
        // DOMjudge: the tag may be in any file of a folder, a .txt too.
        'submissions/accepted/by-file/main.c': 'int main() { return 0; }\n',
        'submissions/accepted/by-file/expected_result.txt': '@EXPECTED_RESULTS@: CORRECT, NO-OUTPUT\n',
        'submissions/check_manually/c.c': '',
      });
      assert.deepEqual(rows(problem), [
        ['submissions/accepted/by-file', 'AC,WA', ''],
        ['submissions/mixed/any.c', 'AC,WA,PE,OLE,TLE,RE,MLE', ''],
        ['submissions/mixed/strict.c', 'AC,WA,PE,OLE', ''],
        ['submissions/multiple/tagged.c', 'TLE,OLE,WA,PE', ''],
      ]);
      assert.deepEqual(problem.submissionNotes, [
        'submissions/check_manually/ is not judged: not a folder name of the Kattis or DOMjudge formats, and no @EXPECTED_RESULTS@ tag, submissions.yaml or expectations.yaml entry says what to expect',
        'submissions/multiple/{untagged.c} is not judged: not a folder name of the Kattis or DOMjudge formats, and no @EXPECTED_RESULTS@ tag, submissions.yaml or expectations.yaml entry says what to expect',
      ]);
    });

    it("reads DOMjudge's tags as DOMjudge does: Kattis names, @EXPECTED_SCORE@, the first tag that names a result", async function () {
      const problem = await pkg({
        'submissions/run_time_error/kattis-names.c': '/* @EXPECTED_RESULTS@:   RUN_TIME_ERROR , ACCEPTED   */\n',
        'submissions/accepted/score.py': "'''\n@EXPECTED_SCORE@: CORRECT\n'''\n",
        'submissions/accepted/mentioned.py': "'''\nHow to use the @EXPECTED_RESULTS@: tag.\n\n@EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER\n'''\n",
        // A tag that names nothing known (DOMjudge's NONE-SUBMIT-FAILS, an empty one) leaves the folder's promise.
        'submissions/wrong_answer/empty.c': '/*\n * @EXPECTED_RESULTS@: \n */\n',
        'submissions/compiler_error/unknown.c': '/* @EXPECTED_RESULTS@: NONE-SUBMIT-FAILS */\n',
      });
      assert.deepEqual(rows(problem), [
        ['submissions/accepted/mentioned.py', 'AC,WA,PE', ''],
        ['submissions/accepted/score.py', 'AC', ''],
        ['submissions/compiler_error/unknown.c', 'CE', ''],
        ['submissions/run_time_error/kattis-names.c', 'RE,MLE,AC', ''],
        ['submissions/wrong_answer/empty.c', 'WA,PE,OLE', ''],
      ]);
    });

    it('lets a program that writes without end be TLE or OLE: DOMjudge truncates its output, Verdict stops it', async function () {
      const problem = await pkg({ 'submissions/time_limit_exceeded/flood.c': '', 'submissions/accepted/t.c': '/* @EXPECTED_RESULTS@: TIMELIMIT */' });
      assert.deepEqual(rows(problem), [
        ['submissions/accepted/t.c', 'TLE,OLE', ''],
        ['submissions/time_limit_exceeded/flood.c', 'TLE,OLE', ''],
      ]);
    });

    it("takes entry points from DOMjudge's submissions.json and submissions.yaml", async function () {
      const problem = await pkg({
        'submissions.json': '{\n  "submissions/accepted/js/": { "entry_point": "hello.js" }\n}\n',
        'submissions/submissions.yaml': 'accepted/py:\n  entrypoint: run.py\n',
        'submissions/accepted/js/hello.js': '',
        'submissions/accepted/js/module.js': '',
        'submissions/accepted/py/run.py': '',
        'submissions/accepted/py/lib.py': '',
      });
      assert.deepEqual(rows(problem), [
        ['submissions/accepted/js', 'AC', 'hello.js'],
        ['submissions/accepted/py', 'AC', 'run.py'],
      ]);
      const unread = await pkg({ 'submissions/submissions.yaml': 'accepted:\n  permitted: [OK]\n', 'submissions/accepted/a.py': '' });
      assert.deepEqual(unread.submissionNotes, ['submissions/submissions.yaml: accepted: permitted must be a list of AC, WA, TLE, RTE, got "OK" in the list; the entry is not used'], 'reported, and the folder still counts');
      assert.deepEqual(rows(unread), [['submissions/accepted/a.py', 'AC', '']]);
      await assert.rejects(pkg({ 'submissions.json': '{ nope' }), (err: Error) => err instanceof PackageError && /submissions.json is not valid JSON/.test(err.message));
    });
  });

  describe('validators', function () {
    it('takes output_validator/<name>/ as the validator when it is all there is (problemtools reads the folder as programs)', async function () {
      const yaml = 'problem_format_version: 2023-07\nname: G\ntype: interactive\n';
      const nested = await pkg({ 'output_validator/guess_validator/validate.cc': '#include "validate.h"\n', 'output_validator/guess_validator/validate.h': '' }, yaml);
      assert.ok(nested.checker.kind === 'kattis' && nested.checker.source.endsWith(`output_validator${path.sep}guess_validator`));
      const flat = await pkg({ 'output_validator/validate.cc': '' }, yaml);
      assert.ok(flat.checker.kind === 'kattis' && flat.checker.source.endsWith('output_validator'));
    });

    it('splits validator flags as a shell does: quotes keep spaces', async function () {
      const problem = await pkg(
        { 'output_validators/v/v.c': AB_VALIDATOR_C, 'data/secret/testdata.yaml': "output_validator_flags: --secret --judgemessage \"two words\" 'and more' a\\ b\n" },
        'name: Q\nvalidation: custom\nvalidator_flags: --teammessage "There are more tests."\n',
      );
      assert.ok(problem.checker.kind === 'kattis');
      assert.deepEqual(problem.checker.flags, ['--teammessage', 'There are more tests.']);
      assert.deepEqual(problem.tests[0].validatorFlags, ['--secret', '--judgemessage', 'two words', 'and more', 'a b']);
      await assert.rejects(pkg({ 'output_validators/v/v.c': '' }, 'name: Q\nvalidation: custom\nvalidator_flags: --x "open\n'), /quote is not closed/);
    });

    it("compiles a validator with the Kattis format's 60 s, not a submission's 10 s (validate.h alone takes 8 s of CPU)", async function () {
      this.timeout(60_000);
      const judge = await testJudge();
      const compiles: RunRequest[] = [];
      const backend = Object.assign(Object.create(judge.backend) as typeof judge.backend, {
        run: (req: RunRequest) => (compiles.push(req), judge.backend.run(req)),
      });
      const env = { backend, languages: judge.allLanguages, cacheDir: tempDir(), workRoot: DEFAULT_WORK_ROOT };
      const dir = writeTree({ 'v/v.c': AB_VALIDATOR_C, 'built/build': '#!/bin/sh\ncc -o checker checker.c\n', 'built/run': '#!/bin/sh\nexec ./checker "$@"\n', 'built/checker.c': AB_VALIDATOR_C });
      await compileSpecialJudge(env, path.join(dir, 'v'));
      await compileSpecialJudge(env, path.join(dir, 'built'));
      assert.deepEqual(
        compiles.map((r) => [r.argv[0], r.limits.cpuMs]),
        [
          ['gcc', 60_000],
          ['./build', 60_000],
        ],
      );
    });
  });

  describe('judged', function () {
    this.timeout(120_000);
    let judge: Judge;
    let problem: Problem;
    before(async function () {
      judge = await testJudge();
      problem = await pkg({});
    });
    const verdictOf = async (language: string, files: Record<string, string>, more: { mainFile?: string; guessMainFile?: boolean; on?: Problem } = {}) => {
      const list: SourceFile[] = Object.entries(files).map(([name, content]) => ({ name, content }));
      const result = await judge.judgeSubmission({ problem: more.on ?? problem, language, source: list[0].content, files: list, submissionName: 'solve', mainFile: more.mainFile, guessMainFile: more.guessMainFile });
      return { verdict: result.verdict, said: `${result.compileMessage.slice(0, 400)} ${result.tests.map((t) => t.message ?? '').join(' ')}` };
    };
    const expect = async (language: string, files: Record<string, string>, verdict: Verdict, more: Parameters<typeof verdictOf>[2] = {}) => {
      const got = await verdictOf(language, files, more);
      assert.equal(got.verdict, verdict, `${language} ${Object.keys(files).join(', ')}: ${got.said}`);
    };
    const A_PLUS_B_SH = 'read a b\necho $((a + b))\n';

    it('sets ONLINE_JUDGE and DOMJUDGE as DOMjudge does', async function () {
      await expect('sh', { 'main.sh': 'if [ -z "$DOMJUDGE" -o -z "$ONLINE_JUDGE" ]; then exit 1; fi\n' + A_PLUS_B_SH }, 'AC');
    });

    it('defines ONLINE_JUDGE and VERDICT for the preprocessors of compiled languages (a solution that reads in.txt offline is AC)', async function () {
      const freopen = '#ifndef ONLINE_JUDGE\n  freopen("in.txt", "r", stdin);\n#endif\n#ifndef VERDICT\n#error VERDICT is not defined\n#endif\n';
      await expect('cpp', { 'main.cpp': `#include <bits/stdc++.h>\nint main() {\n${freopen}  long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl;\n}\n` }, 'AC');
      await expect('cpp20', { 'main.cpp': `#include <cstdio>\nint main() {\n${freopen}  long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b);\n}\n` }, 'AC');
      const c = `#include <stdio.h>\nint main(void) {\n${freopen}#ifndef DOMJUDGE\n  return 3;\n#endif\n  long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b); return 0;\n}\n`;
      await expect('c', { 'main.c': c }, 'AC');
      await expect('objectivec', { 'main.m': c }, 'AC');
      await expect('fortran', { 'main.f90': 'program main\n  integer :: a, b\n#ifndef ONLINE_JUDGE\n  open(5, file="in.txt")\n#endif\n#ifndef VERDICT\n  stop 3\n#endif\n  read *, a, b\n  print "(I0)", a + b\nend program main\n' }, 'AC');
      await expect('pascal', { 'main.pas': "program main;\nvar a, b: int64;\nbegin\n{$IFNDEF ONLINE_JUDGE}\n  assign(input, 'in.txt'); reset(input);\n{$ENDIF}\n{$IFNDEF VERDICT}\n  halt(3);\n{$ENDIF}\n  read(a, b);\n  writeln(a + b);\nend.\n" }, 'AC');
    });

    it('runs shell scripts as ./main.sh (a script finds its files through $0), bash by its #! line, and without a syntax check first', async function () {
      await expect('sh', { 'main.sh': '. ${0%/*}/secondary.sh\n', 'secondary.sh': A_PLUS_B_SH }, 'AC');
      // dash runs what it has read: the exit comes before a function name it refuses.
      await expect('sh', { 'main.sh': '#!/bin/sh\nexit 1\n:(){ : <(:);};:' }, 'RE');
      await expect('bash', { 'solve.sh': '#!/bin/bash\nadd() { echo $(($1 + $2)); }\nread -r a b\nadd "$a" "$b"\n' }, 'AC');
    });

    it('runs JavaScript written as ES modules, and checks every file', async function () {
      const main = "import { readFileSync } from 'fs';\nimport { add } from './module.js';\nconst [a, b] = readFileSync(0, 'utf8').split(/\\s+/).map(Number);\nconsole.log(add(a, b));\n";
      await expect('javascript', { 'hello.js': main, 'module.js': 'export function add(a, b) { return a + b; }\n' }, 'AC', { mainFile: 'hello.js' });
      await expect('javascript', { 'main.mjs': main.replace('./module.js', './module.mjs'), 'module.mjs': 'export const add = (a, b) => a + b;\n' }, 'AC');
      // An invalid file the main one never uses is still a compile error (DOMjudge checks them all).
      await expect('javascript', { 'main.js': "const [a, b] = require('fs').readFileSync(0, 'utf8').split(' ').map(Number);\nconsole.log(a + b);\n", 'unused.js': 'import function x() {}\n' }, 'CE');
      // CommonJS keeps working: a top-level return, require.
      await expect('javascript', { 'main.js': "const [a, b] = require('fs').readFileSync(0, 'utf8').split(' ').map(Number);\nconsole.log(a + b);\nreturn;\n" }, 'AC');
    });

    it("gives a Prolog solution that consults Kattis' kattio its predicates (read_int/1 …, end_of_file at the end)", async function () {
      const sum = '[kattio].\n\nmain :-\n    read_int(A), read_int(B),\n    read_int(End),\n    End == end_of_file,\n    C is A + B,\n    write(C), nl.\n';
      await expect('prolog', { 'solve.pl': sum }, 'AC');
      // The library in language.json is languages/prolog/kattio.pl (the file is there to read).
      const prolog = (await loadLanguageDefinitions()).find((l) => l.id === 'prolog')!;
      assert.equal(prolog.compile![4], readFileSync(path.join(REPO_ROOT, 'languages/prolog/kattio.pl'), 'utf8'));
    });

    it("compiles C as GNU C, as Kattis (gnu11) and DOMjudge (gcc's default) do: M_PI and POSIX functions are there", async function () {
      // NWERC 2022's bottleflip: an accepted C solution uses M_PI, which strict -std=c17 hides.
      const source = '#include <math.h>\n#include <stdio.h>\n#include <string.h>\nint main(void) {\n  long long a, b;\n  if (scanf("%lld %lld", &a, &b) != 2) return 1;\n  char *s = strdup("ok");\n  printf("%lld\\n", a + b + (long long)(M_PI - 3) + (long long)strlen(s) - 2);\n  return 0;\n}\n';
      await expect('c', { 'main.c': source }, 'AC');
    });

    it('runs the Java class with main in its package', async function () {
      await expect('java', {
        'A.java': 'package foo.bar.a;\n\npublic class A {\n  public static long add(long x, long y) { return x + y; }\n}\n',
        'B.java': 'package zoo.b;\n\nimport foo.bar.a.A;\n\npublic class B {\n  public static void main(String[] args) {\n    java.util.Scanner s = new java.util.Scanner(System.in);\n    System.out.println(A.add(s.nextLong(), s.nextLong()));\n  }\n}\n',
      }, 'AC');
      await expect('java', { 'Main.java': 'package bin;\n\nclass Main {\n  public static void main(String[] a) {\n    java.util.Scanner s = new java.util.Scanner(System.in);\n    System.out.println(s.nextLong() + s.nextLong());\n  }\n}\n' }, 'AC');
    });

    it('takes the main file the package names, or the first when nothing names it; refuses a file name that is not one', async function () {
      const files = { 'a.py': 'import sys\nprint(sum(map(int, sys.stdin.read().split())))\n', 'b.py': 'print(0)\n' };
      await expect('python3', files, 'AC', { guessMainFile: true });
      await expect('python3', files, 'WA', { mainFile: 'b.py' });
      const unnamed = await verdictOf('python3', files);
      assert.equal(unnamed.verdict, 'CE');
      assert.match(unnamed.said, /cannot tell which of the 2 Python 3 files is the main one/);
      const missing = await verdictOf('python3', files, { mainFile: 'c.py' });
      assert.match(missing.said, /the main file "c.py" is not one of the files/);
      const bad = await verdictOf('c', { 'test-file name\\#.c': 'int main() { return 0; }\n' });
      assert.equal(bad.verdict, 'CE');
      assert.match(bad.said, /must be a relative path/);
    });

    it("gives a multi-pass validator a feedback/multipass/ folder for its state, which BAPCtools' validate.h expects", async function () {
      // Pass 1 keeps the answer pass 2 must give in feedback/multipass/, as validate.h's Multipass does.
      const validator = [
        'import os, sys',
        "state = os.path.join(sys.argv[3], 'multipass', 'expected')",
        'got = sys.stdin.read().split()',
        'if os.path.exists(state):',
        '    sys.exit(42 if got == open(state).read().split() else 43)',
        "open(state, 'w').write(str(2 * int(got[0])))",
        "open(os.path.join(sys.argv[3], 'nextpass.in'), 'w').write('second ' + got[0])",
        'sys.exit(42)',
        '',
      ].join('\n');
      const multiPass = await pkg({ 'output_validator/v.py': validator, 'data/secret/1.in': 'first 3\n', 'data/secret/1.ans': '' }, 'problem_format_version: 2023-07\nname: M\ntype: multi-pass\n');
      await expect('sh', { 'main.sh': 'read pass n\nif [ "$pass" = first ]; then echo $n; else echo $((2 * n)); fi\n' }, 'AC', { on: multiPass });
      await expect('sh', { 'main.sh': 'read pass n\necho $n\n' }, 'WA', { on: multiPass });
    });

    it('runs a validator made by its build script and started by its run script, in the sandbox', async function () {
      const run = '#!/bin/sh\nexec ./checker "$@"\n';
      const built = await pkg({ 'output_validators/v/build': '#!/bin/sh\ncc -O2 -o checker checker.c\n', 'output_validators/v/run': run, 'output_validators/v/checker.c': AB_VALIDATOR_C }, 'name: B\nvalidation: custom\n');
      await expect('sh', { 'main.sh': A_PLUS_B_SH }, 'AC', { on: built });
      await expect('sh', { 'main.sh': 'echo 4\n' }, 'WA', { on: built });
      // The build may make the run script; a run script alone is enough.
      const made = await pkg({ 'output_validator/build': `#!/bin/sh\ncc -o checker checker.c && printf '${run.replaceAll('\n', '\\n')}' > run\n`, 'output_validator/checker.c': AB_VALIDATOR_C }, 'problem_format_version: 2023-07\nname: M\n');
      await expect('sh', { 'main.sh': A_PLUS_B_SH }, 'AC', { on: made });
      const script = await pkg({ 'output_validators/v/run': '#!/bin/sh\nread got\n[ "$got" = "$(cat "$2")" ] && exit 42\nexit 43\n' }, 'name: R\nvalidation: custom\n');
      await expect('sh', { 'main.sh': A_PLUS_B_SH }, 'AC', { on: script });
      await expect('sh', { 'main.sh': 'echo 5\n' }, 'WA', { on: script });
      // The build runs in the sandbox: what it writes outside its folder never reaches the host.
      const mark = path.join(os.tmpdir(), `verdict-build-escape-${process.pid}-${Date.now()}`);
      const escaping = await pkg({ 'output_validators/v/build': `#!/bin/sh\ntouch ${mark}\ncc -o checker checker.c\n`, 'output_validators/v/run': run, 'output_validators/v/checker.c': AB_VALIDATOR_C }, 'name: E\nvalidation: custom\n');
      await expect('sh', { 'main.sh': A_PLUS_B_SH }, 'AC', { on: escaping });
      if (TEST_BACKEND === 'sandbox') assert.ok(!existsSync(mark), 'the build script wrote to the host');
      rmSync(mark, { force: true });
      // Links the build leaves are dropped: the judge writes the test's files beside the
      // validator as root, and a link named input.txt or answer.txt would send that write to the host.
      const victim = path.join(writeTree({ 'victim.txt': 'untouched\n' }), 'victim.txt');
      const linking = await pkg(
        { 'output_validators/v/build': `#!/bin/sh\ncc -o checker checker.c\nln -s ${victim} input.txt\nln -s ${victim} answer.txt\nmkdir -p sub feedback\nln -s ${victim} sub/link\n`, 'output_validators/v/run': run, 'output_validators/v/checker.c': AB_VALIDATOR_C },
        'name: L\nvalidation: custom\n',
      );
      await expect('sh', { 'main.sh': A_PLUS_B_SH }, 'AC', { on: linking });
      assert.equal(readFileSync(victim, 'utf8'), 'untouched\n');
      // A build that fails, or leaves no run script, makes the validator unusable: SE with why.
      const broken = await pkg({ 'output_validators/v/build': '#!/bin/sh\necho nope >&2\nexit 3\n', 'output_validators/v/run': run }, 'name: F\nvalidation: custom\n');
      const failed = await verdictOf('sh', { 'main.sh': A_PLUS_B_SH }, { on: broken });
      assert.equal(failed.verdict, 'SE');
      assert.match(failed.said, /the build script of v failed: nope/);
      const noRun = await pkg({ 'output_validators/v/build': '#!/bin/sh\ntrue\n' }, 'name: N\nvalidation: custom\n');
      assert.match((await verdictOf('sh', { 'main.sh': A_PLUS_B_SH }, { on: noRun })).said, /no run file after its build script/);
    });

    it("leaves nothing of a hostile build or run script on the host: no process, no pipe in the judge's way", async function () {
      if (TEST_BACKEND !== 'sandbox') this.skip();
      const before = new Set(processesOfUid());
      // The build leaves processes behind (in the background, in a new session) and named pipes where
      // the judge writes the test's files; the run script leaves a process behind at every check.
      const hostile = await pkg(
        {
          'output_validators/v/build': '#!/bin/sh\ncc -o checker checker.c\n(sleep 300 &)\nsetsid sleep 301 </dev/null >/dev/null 2>&1 &\nmkfifo output.txt feedback-pipe\nmkdir sub && mkfifo sub/pipe\n',
          'output_validators/v/run': '#!/bin/sh\n(sleep 302 &)\nexec ./checker "$@"\n',
          'output_validators/v/checker.c': AB_VALIDATOR_C,
        },
        'name: H\nvalidation: custom\n',
      );
      await expect('sh', { 'main.sh': A_PLUS_B_SH }, 'AC', { on: hostile });
      await expect('sh', { 'main.sh': 'echo 4\n' }, 'WA', { on: hostile });
      let left: number[] = [];
      for (let i = 0; i < 20; i++) {
        left = processesOfUid().filter((pid) => !before.has(pid));
        if (left.length === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.deepEqual(left, [], `processes of the sandbox user left: ${left.map((pid) => { try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '); } catch { return String(pid); } }).join(', ')}`);
    });

    it('runs an interactive validator made by build and run scripts', async function () {
      // The validator asks for the sum of the input's two numbers and accepts the right answer.
      const interactor = [
        '#include <stdio.h>',
        'int main(int argc, char **argv) {',
        '  FILE *in = fopen(argv[1], "r"); long long a, b, got;',
        '  if (!in || fscanf(in, "%lld %lld", &a, &b) != 2) return 1;',
        '  printf("%lld %lld\\n", a, b); fflush(stdout);',
        '  if (scanf("%lld", &got) != 1 || got != a + b) return 43;',
        '  return 42;',
        '}',
        '',
      ].join('\n');
      const interactive = await pkg(
        { 'output_validator/build': '#!/usr/bin/env sh\ncc -o jury jury.c\n', 'output_validator/run': '#!/usr/bin/env sh\nexec ./jury "$@"\n', 'output_validator/jury.c': interactor },
        'problem_format_version: 2023-07\nname: I\ntype: [pass-fail, interactive]\nlimits:\n  time_limit: 1\n',
      );
      await expect('sh', { 'main.sh': A_PLUS_B_SH }, 'AC', { on: interactive });
      await expect('sh', { 'main.sh': 'read a b\necho 0\n' }, 'WA', { on: interactive });
    });
  });

  describe('source layout', function () {
    let languages: Language[];
    before(async function () {
      languages = await loadLanguageDefinitions();
    });
    it("takes the Pascal program of several files as the main one, its units as units", function () {
      const pascal = languages.find((l) => l.id === 'pascal')!;
      const layout = layoutSources(pascal, '', [
        { name: 'hello.pp', content: 'unit hello;\ninterface\nprocedure printhello();\nimplementation\nprocedure printhello();\nbegin\nend;\nend.\n' },
        { name: 'test-hello-unit.pas', content: '(* a comment *)\n\nprogram helloworldunit(input, output);\nuses hello;\nbegin\n  printhello();\nend.\n' },
      ]);
      assert.ok(!('error' in layout) && layout.mainFile === 'test-hello-unit.pas');
    });

    it('takes a .sh file whose #! line names bash as Bash, others as the POSIX shell', function () {
      const of = (content: string) => {
        const found = languageForSubmission(languages, [{ name: 'test-fork.sh', content }]);
        return 'language' in found ? found.language.id : found.error;
      };
      assert.equal(of('#!/bin/bash\n:(){ :|:&};:'), 'bash');
      assert.equal(of('#!/usr/bin/env bash\necho hi\n'), 'bash');
      assert.equal(of('#!/bin/sh\necho hi\n'), 'sh');
      assert.equal(of('# uses bash\n#!/bin/bash\necho hi\n'), 'sh');
    });
  });
});
