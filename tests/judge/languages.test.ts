// Every language of languages/ judged on the real backend: the programs in
// tests/judge/programs/<language>/ give AC, WA, RE and — where the language compiles or checks its
// source — CE; its template (the editor's skeleton: read the input, print an answer) compiles and
// runs, and is no solution (WA). The problem has two tests, so the runs go through a session
// and the answer needs 64-bit integers. Kotlin and Scala compile slowly (seconds of JVM start-up):
// they judge AC and CE only. Every verdict of the older languages is in verdicts.test.ts.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { languageForFile, loadLanguageDefinitions, type Language, type Problem, type Verdict } from '@verdict/judge';
import { REPO_ROOT, TEST_BACKEND, removeTempDirs, testJudge, tinyProblem } from './helpers.ts';

const PROGRAMS = path.join(REPO_ROOT, 'tests/judge/programs');
const LANGUAGE_IDS = readdirSync(path.join(REPO_ROOT, 'languages')).sort();
/** Languages that share another's programs. */
const PROGRAM_DIR: Record<string, string> = { pypy3: 'python3' };
const SLOW_COMPILERS = new Set(['kotlin', 'scala']);

function programFor(languageId: string, verdict: Verdict): string | undefined {
  const dir = path.join(PROGRAMS, PROGRAM_DIR[languageId] ?? languageId);
  const file = existsSync(dir) ? readdirSync(dir).find((f) => f.startsWith(`${verdict.toLowerCase()}.`)) : undefined;
  return file && path.join(dir, file);
}

describe('languages: file extensions', function () {
  let languages: Language[];
  before(async function () {
    languages = await loadLanguageDefinitions();
  });

  it('gives each extension to one language only, written in lower case', function () {
    const owners = new Map<string, string>();
    for (const language of languages) {
      for (const ext of language.extensions) {
        assert.match(ext, /^\.[a-z0-9+]+$/, `${language.id}: ${ext}`);
        assert.equal(owners.get(ext), undefined, `${ext} is claimed by ${owners.get(ext)} and ${language.id}`);
        owners.set(ext, language.id);
      }
    }
  });

  it('picks the language of a file as problemtools and DOMjudge name them', function () {
    const expected: Record<string, string> = {
      'a.c': 'c', 'a.cc': 'cpp', 'a.py': 'python3', 'a.py3': 'python3', 'a.java': 'java', 'a.kt': 'kotlin',
      'a.scala': 'scala', 'a.cs': 'csharp', 'a.js': 'javascript', 'a.ts': 'typescript', 'a.rs': 'rust', 'a.go': 'go',
      'a.hs': 'haskell', 'a.ml': 'ocaml', 'a.php': 'php', 'a.rb': 'ruby', 'a.lua': 'lua', 'a.bash': 'bash',
      'a.sh': 'sh', 'a.awk': 'awk', 'a.f90': 'fortran', 'a.f95': 'fortran', 'a.adb': 'ada', 'a.pas': 'pascal',
      'test-hello.R': 'r', 'a.pl': 'prolog', 'a.plg': 'prolog', 'a.lisp': 'lisp', 'a.cl': 'lisp', 'a.cob': 'cobol',
      'a.m': 'objectivec',
    };
    for (const [file, id] of Object.entries(expected)) assert.equal(languageForFile(languages, file)?.id, id, file);
    assert.equal(languageForFile(languages, 'a.py2'), undefined, 'Python 2 is not offered');
  });
});

describe(`languages: A+B in every available language (${TEST_BACKEND} backend)`, function () {
  this.timeout(120_000);
  let problem: Problem;

  before(async function () {
    problem = await tinyProblem({
      tests: [
        ['1 2\n', '3\n'],
        ['1000000000000 2\n', '1000000000002\n'],
      ],
    });
  });
  after(removeTempDirs);

  const judged = async (language: string, source: string, expected: Verdict) => {
    const result = await (await testJudge()).judgeSubmission({ problem, language, source });
    const detail = JSON.stringify({ ...result, compileMessage: result.compileMessage.slice(0, 500) });
    assert.equal(result.verdict, expected, detail);
    return result;
  };

  for (const id of LANGUAGE_IDS) {
    describe(id, function () {
      let language: Language;
      before(async function () {
        const status = (await (await testJudge()).languageStatus()).find((s) => s.language.id === id);
        if (!status?.available) {
          console.log(`      (${id} is not available here, skipped: ${status?.reason})`);
          this.skip();
        }
        language = status.language;
      });

      it('AC', async function () {
        const file = programFor(id, 'AC');
        assert.ok(file, `no AC program for ${id} under tests/judge/programs`);
        const result = await judged(id, readFileSync(file, 'utf8'), 'AC');
        assert.deepEqual(result.tests.map((t) => t.verdict), ['AC', 'AC']);
        assert.ok(result.memoryKb > 0, 'memory is measured');
      });

      it('the template: a skeleton that compiles, reads and prints, and solves nothing (WA)', async function () {
        const result = await judged(id, language.template, 'WA');
        assert.equal(result.tests[0].verdict, 'WA');
      });

      for (const verdict of ['WA', 'RE'] as const) {
        it(verdict, async function () {
          if (SLOW_COMPILERS.has(id)) this.skip();
          const file = programFor(id, verdict);
          assert.ok(file, `no ${verdict} program for ${id} under tests/judge/programs`);
          const result = await judged(id, readFileSync(file, 'utf8'), verdict);
          assert.equal(result.tests[0].verdict, verdict);
        });
      }

      it('CE', async function () {
        if (!language.compile) this.skip();
        const file = programFor(id, 'CE');
        assert.ok(file, `no CE program for ${id} under tests/judge/programs`);
        const result = await judged(id, readFileSync(file, 'utf8'), 'CE');
        assert.ok(result.compileMessage.length > 0, 'a compile error comes with the message');
        assert.equal(result.tests.length, 0);
      });
    });
  }

  it('judges submissions of several files: modules found beside the main file, named as the submission names them', async function () {
    const submissions: [language: string, files: Record<string, string>][] = [
      ['rust', { 'solve.rs': 'mod add;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_line(&mut s).unwrap();\n    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    println!("{}", add::add(v[0], v[1]));\n}\n', 'add.rs': 'pub fn add(a: i64, b: i64) -> i64 { a + b }\n' }],
      ['haskell', { 'Main.hs': 'import Add (add)\nmain :: IO ()\nmain = do\n  [a, b] <- map read . words <$> getLine\n  print (add a b :: Integer)\n', 'Add.hs': 'module Add (add) where\nadd :: Integer -> Integer -> Integer\nadd = (+)\n' }],
      ['ruby', { 'main.rb': 'require_relative "add"\na, b = gets.split.map(&:to_i)\nputs add(a, b)\n', 'add.rb': 'def add(a, b) = a + b\n' }],
      ['csharp', { 'Program.cs': 'class Program { static void Main() { var p = System.Console.ReadLine().Split(); System.Console.WriteLine(Adder.Add(long.Parse(p[0]), long.Parse(p[1]))); } }\n', 'Adder.cs': 'static class Adder { public static long Add(long a, long b) => a + b; }\n' }],
      // The six that named their main file main.<ext> until now (docs/languages.md): none is named so here.
      ['typescript', { 'solve.ts': 'import * as fs from \'fs\';\nimport { add } from \'./add\';\nconst [a, b] = fs.readFileSync(0, \'utf8\').trim().split(/\\s+/).map(BigInt);\nconsole.log(String(add(a, b)));\n', 'add.ts': 'export function add(a: bigint, b: bigint): bigint {\n  return a + b;\n}\n' }],
      ['ocaml', { 'solve.ml': 'let () = Scanf.scanf " %d %d" (fun a b -> Printf.printf "%d\\n" (Add.add a b))\n', 'add.ml': 'let add a b = a + b\n' }],
      ['lisp', { 'solve.lisp': '(load "add.lisp")\n(let ((a (read)) (b (read)))\n  (format t "~d~%" (add a b)))\n', 'add.lisp': '(defun add (a b) (+ a b))\n' }],
      ['pascal', { 'prog.pas': 'program prog;\nuses addunit;\nvar a, b: Int64;\nbegin\n  ReadLn(a, b);\n  WriteLn(add(a, b));\nend.\n', 'addunit.pas': 'unit addunit;\ninterface\nfunction add(a, b: Int64): Int64;\nimplementation\nfunction add(a, b: Int64): Int64;\nbegin\n  add := a + b;\nend;\nend.\n' }],
      ['prolog', { 'solve.pl': ':- [add].\nmain :-\n    read_string(user_input, _, S),\n    split_string(S, " \\t\\r\\n", " \\t\\r\\n", P),\n    exclude(==(""), P, [X, Y|_]),\n    number_string(A, X),\n    number_string(B, Y),\n    add(A, B, C),\n    format("~d~n", [C]).\n', 'add.pl': 'add(A, B, C) :- C is A + B.\n' }],
      ['cobol', { 'solve.cob': 'IDENTIFICATION DIVISION.\nPROGRAM-ID. SOLVE.\nDATA DIVISION.\nWORKING-STORAGE SECTION.\n01 INPUT-LINE PIC X(100).\n01 A          PIC S9(18).\n01 B          PIC S9(18).\n01 SUMMED     PIC S9(18).\n01 SHOWN      PIC -(18)9.\nPROCEDURE DIVISION.\n    ACCEPT INPUT-LINE\n    UNSTRING INPUT-LINE DELIMITED BY ALL SPACE INTO A B\n    CALL "ADDER" USING A B SUMMED\n    MOVE SUMMED TO SHOWN\n    DISPLAY FUNCTION TRIM(SHOWN)\n    STOP RUN.\n', 'adder.cob': 'IDENTIFICATION DIVISION.\nPROGRAM-ID. ADDER.\nDATA DIVISION.\nLINKAGE SECTION.\n01 X PIC S9(18).\n01 Y PIC S9(18).\n01 Z PIC S9(18).\nPROCEDURE DIVISION USING X Y Z.\n    COMPUTE Z = X + Y\n    GOBACK.\n' }],
    ];
    const judge = await testJudge();
    const status = await judge.languageStatus();
    for (const [language, files] of submissions) {
      if (!status.find((s) => s.language.id === language)?.available) continue;
      const list = Object.entries(files).map(([name, content]) => ({ name, content }));
      const result = await judge.judgeSubmission({ problem, language, source: '', files: list, submissionName: 'solve' });
      assert.equal(result.verdict, 'AC', `${language}: ${result.compileMessage.slice(0, 400)}`);
    }
  });

  it('compiles C++20 as cpp20 only: cpp stays C++17', async function () {
    const status = await (await testJudge()).languageStatus();
    if (!status.find((s) => s.language.id === 'cpp20')?.available) this.skip();
    const source = [
      '#include <bits/stdc++.h>',
      'int main() {',
      '    std::vector<long long> v(2);',
      '    for (auto& x : v) std::cin >> x;',
      '    auto sum = [](std::ranges::range auto const& r) { return std::accumulate(r.begin(), r.end(), 0LL); };',
      '    std::cout << sum(v) << "\\n";',
      '}',
      '',
    ].join('\n');
    await judged('cpp20', source, 'AC');
    const result = await judged('cpp', source, 'CE');
    assert.match(result.compileMessage, /ranges|auto/);
  });
});
