// The Kattis problem package format (legacy and 2023-07) and DOMjudge's variants, by their own
// rules: symbolic links inside the package, problem types, limits and defaults, test groups'
// validator flags, the submissions/ folders, and the default output validator.
import assert from 'node:assert/strict';
import { lstatSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { compareTokens, tokenOptions } from '../../packages/judge/src/checkers/tokens.ts';
import { allowsLanguage, languageForSubmission, languageRefusal, layoutSources, loadLanguageDefinitions, loadProblemPackage, PackageError, type Language } from '@verdict/judge';
import { removeTempDirs, tempDir, writeTree } from './helpers.ts';
import { writeZip } from './zip-builder.ts';

const rejects = (p: Promise<unknown>, message: RegExp) => assert.rejects(p, (err: Error) => err instanceof PackageError && message.test(err.message));
const TESTS = { 'data/secret/1.in': '1\n', 'data/secret/1.ans': '1\n' };
const withYaml = (yaml: string, more: Record<string, string> = {}) => writeTree({ 'problem.yaml': yaml, ...TESTS, ...more });

describe('problem package formats', function () {
  after(removeTempDirs);

  describe('symbolic links', function () {
    it('follows links that stay inside a folder package, leaving the folder as it is', async function () {
      const dir = writeTree({
        'problem.yaml': 'name: Links\nvalidation: custom\n',
        'include/validate.h': '// shared\n',
        'output_validators/v/validate.cpp': '#include "validate.h"\n',
        'data/secret/group1/1.in': '1\n',
        'data/secret/group1/1.ans': '1\n',
      });
      symlinkSync('../../include/validate.h', path.join(dir, 'output_validators/v/validate.h'));
      symlinkSync('group1', path.join(dir, 'data/secret/group2'));
      const into = path.join(tempDir(), 'copy');
      const problem = await loadProblemPackage(dir, { extractTo: into });
      assert.equal(problem.dir, into, 'a copy is judged');
      assert.deepEqual(problem.tests.map((t) => t.name), ['secret/group1/1', 'secret/group2/1']);
      assert.ok(lstatSync(path.join(into, 'output_validators/v/validate.h')).isFile(), 'the link became a file');
      assert.ok(lstatSync(path.join(into, 'data/secret/group2')).isDirectory());
      assert.ok(lstatSync(path.join(dir, 'data/secret/group2')).isSymbolicLink(), "the author's folder is untouched");
      assert.equal(problem.name, 'Links');
    });

    it('refuses links that leave the package, dangle or loop, and leaves no copy behind', async function () {
      const outside = writeTree({ 'secret.txt': 'top secret' });
      const cases: [string, string, RegExp][] = [
        ['data/secret/2.in', path.join(outside, 'secret.txt'), /leaves the package/],
        ['data/secret/3.in', '../../../etc/passwd', /leaves the package|points to nothing/],
        ['data/secret/4.in', 'nothing-here.in', /points to nothing/],
        ['data/secret/loop', '..', /a loop/],
      ];
      for (const [at, target, message] of cases) {
        const dir = withYaml('name: Bad\n');
        symlinkSync(target, path.join(dir, at));
        const into = path.join(tempDir(), 'copy');
        await rejects(loadProblemPackage(dir, { extractTo: into }), message);
        assert.deepEqual(readdirSync(path.dirname(into)), [], `nothing left for ${at} → ${target}`);
      }
    });

    it('follows links inside a zip once every file is written; refuses those that leave it', async function () {
      const zip = await writeZip(path.join(tempDir(), 'p.zip'), [
        { name: 'p/problem.yaml', data: 'name: Zipped links\n' },
        { name: 'p/data/secret/a.in', data: '5\n' },
        { name: 'p/data/secret/a.ans', data: '5\n' },
        { name: 'p/data/secret/b.in', data: 'a.in', mode: 0o120777 },
        { name: 'p/data/secret/b.ans', data: 'a.ans', mode: 0o120777 },
      ]);
      const problem = await loadProblemPackage(zip);
      assert.deepEqual(problem.tests.map((t) => t.name), ['secret/a', 'secret/b']);
      assert.ok(lstatSync(problem.tests[1].input).isFile());
      const escaping = await writeZip(path.join(tempDir(), 'q.zip'), [
        { name: 'p/problem.yaml', data: 'name: Q\n' },
        ...Object.entries(TESTS).map(([name, data]) => ({ name: `p/${name}`, data })),
        { name: 'p/up', data: '..', mode: 0o120777 },
        { name: 'p/data/secret/2.in', data: '../../up/../../etc/passwd', mode: 0o120777 },
      ]);
      await rejects(loadProblemPackage(escaping), /leaves the package|a loop/);
      const absolute = await writeZip(path.join(tempDir(), 'r.zip'), [...Object.entries(TESTS).map(([name, data]) => ({ name, data })), { name: 'x.in', data: '/etc/passwd', mode: 0o120777 }]);
      await rejects(loadProblemPackage(absolute), /symbolic link .* leaves the package/);
    });
  });

  describe('problem.yaml and DOMjudge files', function () {
    it("uses the format's defaults: 2048 MB, no per-language factors, the token validator", async function () {
      const problem = await loadProblemPackage(withYaml('name: Defaults\n'));
      assert.equal(problem.memoryLimitMb, 2048);
      assert.equal(problem.languageFactors, false);
      assert.equal(problem.timeLimitFrom, 'default');
      assert.equal(problem.timeMultiplier, 5, 'legacy time_multiplier');
      assert.deepEqual(problem.checker, { kind: 'tokens', flags: [] });
      const modern = await loadProblemPackage(withYaml('problem_format_version: 2023-07-draft\nname: M\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 3\n  memory: 512\n'));
      assert.equal(modern.timeMultiplier, 3);
      assert.equal(modern.memoryLimitMb, 512);
    });

    it('reads interactive and multi-pass problems, legacy and 2023-07', async function () {
      const validator = { 'output_validators/v/v.cpp': 'int main() { return 42; }\n' };
      const legacy = await loadProblemPackage(withYaml('name: I\nvalidation: custom interactive\n', validator));
      assert.deepEqual(legacy.interaction, { interactive: true, multiPass: false, maxPasses: 1 });
      assert.equal(legacy.checker.kind, 'kattis');
      const both = await loadProblemPackage(withYaml('name: I\nvalidation: custom interactive multi-pass\nlimits:\n  validation_passes: 3\n', validator));
      assert.deepEqual(both.interaction, { interactive: true, multiPass: true, maxPasses: 3 });
      const modern = await loadProblemPackage(withYaml('problem_format_version: 2023-07\nname: M\ntype: multi-pass\n', { 'output_validator/v.cpp': 'int main() { return 42; }\n' }));
      assert.deepEqual(modern.interaction, { interactive: false, multiPass: true, maxPasses: 2 });
      assert.equal(modern.checker.kind, 'kattis');
      const list = await loadProblemPackage(withYaml('problem_format_version: 2023-07\nname: M\ntype: [interactive, multi-pass]\n', { 'output_validator/v.cpp': '' }));
      assert.deepEqual(list.interaction, { interactive: true, multiPass: true, maxPasses: 2 });
      await rejects(loadProblemPackage(withYaml('name: I\nvalidation: custom interactive\n')), /interactive or multi-pass problem needs exactly one validator/);
      const noAnswers = await loadProblemPackage(writeTree({ 'problem.yaml': 'validation: custom interactive\n', 'data/secret/1.in': '5\n', ...validator }));
      assert.equal(readFileSync(noAnswers.tests[0].answer, 'utf8'), '', 'an interactive test without .ans gets an empty answer');
      await rejects(loadProblemPackage(writeTree({ 'problem.yaml': 'name: B\n', 'data/secret/1.in': '5\n' })), /has no answer file/);
    });

    it('refuses what Verdict does not support, by name', async function () {
      await rejects(loadProblemPackage(withYaml('problem_format_version: 2023-07\nname: S\ntype: submit-answer\n')), /submit-answer problems are not supported/);
      await rejects(loadProblemPackage(withYaml('name: S\ntype: interactive\n')), /needs problem_format_version 2023-07 .*validation: custom interactive/);
      await rejects(loadProblemPackage(withYaml('problem_format_version: 2023-07\nname: S\ntype: magic\n')), /type "magic" is not a problem type/);
      await rejects(loadProblemPackage(withYaml('problem_format_version: 1999\nname: S\n')), /problem_format_version 1999 is not supported/);
      await rejects(loadProblemPackage(withYaml('name: S\nvalidation: custom sideways\n')), /validation modifier "sideways"/);
      await rejects(loadProblemPackage(withYaml('name: S\n', { 'domjudge-problem.ini': 'special_run = myrun\n' })), /special_run \(myrun\) is not supported/);
    });

    it("takes DOMjudge's domjudge-problem.ini and .timelimit, and a LaTeX statement's name", async function () {
      const ini = await loadProblemPackage(writeTree({ ...TESTS, 'domjudge-problem.ini': "name = 'Hello DOMjudge'\ntimelimit = 3\n", '.timelimit': '5' }));
      assert.equal(ini.name, 'Hello DOMjudge');
      assert.equal(ini.timeLimitMs, 3000);
      assert.equal(ini.timeLimitFrom, 'package');
      const tex = await loadProblemPackage(writeTree({ ...TESTS, 'problem_statement/problem.en.tex': '\\problemname{Legacy Name}\nText.\n' }));
      assert.equal(tex.name, 'Legacy Name');
      await rejects(loadProblemPackage(writeTree({ ...TESTS, 'domjudge-problem.ini': 'special_compare = mycompare\n' })), /special_compare "mycompare" is an executable that is not in the package/);
      const builtin = await loadProblemPackage(writeTree({ ...TESTS, 'domjudge-problem.ini': 'special_compare = compare\n' }));
      assert.equal(builtin.checker.kind, 'tokens', "DOMjudge's compare is the default validator");
      const own = await loadProblemPackage(writeTree({ ...TESTS, 'domjudge-problem.ini': 'special_compare = mycompare\n', 'output_validators/mycompare/compare.cpp': 'int main() { return 42; }\n' }));
      assert.equal(own.checker.kind, 'kattis');
    });

    it("gives each test its group's validator flags (testdata.yaml, test_group.yaml), nearest first", async function () {
      const problem = await loadProblemPackage(
        writeTree({
          'problem.yaml': 'name: Groups\nvalidator_flags: float_tolerance 1e-3\n',
          'data/sample/1.in': '',
          'data/sample/1.ans': '',
          'data/secret/testdata.yaml': 'output_validator_flags: case_sensitive\n',
          'data/secret/a/1.in': '',
          'data/secret/a/1.ans': '',
          'data/secret/b/test_group.yaml': 'output_validator_args: [space_change_sensitive]\n',
          'data/secret/b/1.in': '',
          'data/secret/b/1.ans': '',
        }),
      );
      assert.deepEqual(
        problem.tests.map((t) => [t.name, t.validatorFlags]),
        [
          ['sample/1', undefined],
          ['secret/a/1', ['case_sensitive']],
          ['secret/b/1', ['space_change_sensitive']],
        ],
      );
      await rejects(loadProblemPackage(withYaml('name: F\n', { 'data/secret/testdata.yaml': 'output_validator_flags: fuzzy\n' })), /"fuzzy" is not a flag/);
    });
  });

  describe('limits, languages and keywords', function () {
    const modern = (yaml: string, more: Record<string, string> = {}) => withYaml(`problem_format_version: 2023-07\nname: M\n${yaml}`, more);

    it('reads the time safety margin: legacy time_safety_margin (default 2), 2023-07 time_multipliers.time_limit_to_tle (default 1.5)', async function () {
      assert.equal((await loadProblemPackage(withYaml('name: L\n'))).timeSafetyMargin, 2);
      assert.equal((await loadProblemPackage(withYaml('name: L\nlimits:\n  time_safety_margin: 3\n'))).timeSafetyMargin, 3);
      assert.equal((await loadProblemPackage(modern(''))).timeSafetyMargin, 1.5);
      assert.equal((await loadProblemPackage(modern('limits:\n  time_multipliers:\n    time_limit_to_tle: 1.2\n'))).timeSafetyMargin, 1.2);
      await rejects(loadProblemPackage(withYaml('name: L\nlimits:\n  time_safety_margin: 0.5\n')), /limits\.time_safety_margin must be a number between 1 and 100, got 0\.5/);
      await rejects(loadProblemPackage(withYaml('name: L\nlimits:\n  time_safety_margin: lots\n')), /limits\.time_safety_margin must be a number .*"lots"/);
      await rejects(loadProblemPackage(modern('limits:\n  time_multipliers:\n    time_limit_to_tle: 0\n')), /limits\.time_multipliers\.time_limit_to_tle must be a number between 1 and 100, got 0/);
    });

    it('reads the output, code, compilation and validation limits; the validator carries its own', async function () {
      const yaml = 'name: L\nvalidation: custom\nlimits:\n  output: 2\n  code: 4\n  compilation_time: 5\n  compilation_memory: 300\n  validation_time: 7\n  validation_memory: 400\n  validation_output: 3\n';
      const problem = await loadProblemPackage(withYaml(yaml, { 'output_validators/v/v.py': 'import sys\nsys.exit(42)\n' }));
      assert.deepEqual(problem.resourceLimits, { outputMb: 2, codeKb: 4, compile: { timeMs: 5000, memoryMb: 300 }, validator: { timeMs: 7000, memoryMb: 400, outputMb: 3 } });
      assert.deepEqual(problem.checker, { kind: 'kattis', source: path.join(problem.dir, 'output_validators/v'), flags: [], limits: { timeMs: 7000, memoryMb: 400, outputMb: 3 } });
      assert.deepEqual((await loadProblemPackage(withYaml('name: L\n'))).resourceLimits, { compile: { timeMs: 60_000, memoryMb: 2048 }, validator: { timeMs: 60_000, memoryMb: 2048, outputMb: 8 } }, "none named: the format's defaults");
      await rejects(loadProblemPackage(withYaml('name: L\nlimits:\n  output: 0\n')), /limits\.output \(MB\) must be a number between 1 and 1024, got 0/);
      await rejects(loadProblemPackage(withYaml('name: L\nlimits:\n  compilation_time: 3600\n')), /limits\.compilation_time \(seconds\) must be a number between 1 and 600, got 3600/);
      await rejects(loadProblemPackage(withYaml('name: L\nlimits:\n  validation_memory: [1]\n')), /limits\.validation_memory \(MB\) must be a number .*a list/);
      await rejects(loadProblemPackage(withYaml('name: L\nlimits:\n  code: -1\n')), /limits\.code \(KiB\) must be a number/);
    });

    it('reads languages as a list or as text, all meaning every language, and refuses what is not a list of codes', async function () {
      assert.deepEqual((await loadProblemPackage(modern('languages: [cpp, Java]\n'))).languages, ['cpp', 'java']);
      assert.deepEqual((await loadProblemPackage(withYaml('name: L\nlanguages: c cpp python3\n'))).languages, ['c', 'cpp', 'python3']);
      assert.equal((await loadProblemPackage(withYaml('name: L\nlanguages: all\n'))).languages, undefined);
      assert.equal((await loadProblemPackage(withYaml('name: L\n'))).languages, undefined);
      await rejects(loadProblemPackage(withYaml('name: L\nlanguages: 5\n')), /problem\.yaml: languages must be text or a list of text, got 5/);
      await rejects(loadProblemPackage(withYaml('name: L\nlanguages: [cpp, {x: 1}]\n')), /languages must be text or a list of text, got a list/);
      await rejects(loadProblemPackage(withYaml('name: L\nlanguages: []\n')), /languages names no language/);
      await rejects(loadProblemPackage(withYaml('name: L\nlanguages: "c++ (gcc)"\n')), /languages: "\(gcc\)" is not a language code/);
    });

    it('keeps keywords (metadata) as a list, from a list or text, and refuses a malformed value', async function () {
      assert.deepEqual((await loadProblemPackage(modern('keywords: [greedy, needs big integers]\n'))).keywords, ['greedy', 'needs big integers']);
      assert.deepEqual((await loadProblemPackage(withYaml('name: L\nkeywords: graphs  dp\n'))).keywords, ['graphs', 'dp']);
      assert.deepEqual((await loadProblemPackage(withYaml('name: L\n'))).keywords, []);
      await rejects(loadProblemPackage(withYaml('name: L\nkeywords:\n  a: b\n')), /problem\.yaml: keywords must be text or a list of text, got a mapping/);
      await rejects(loadProblemPackage(withYaml('name: L\nkeywords: [1, 2]\n')), /keywords must be text or a list of text/);
    });

    it('matches a Kattis language code to its Verdict languages: cpp takes C++20, python3 takes PyPy 3', function () {
      assert.ok(allowsLanguage(['cpp'], 'cpp20'));
      assert.ok(allowsLanguage(['python3'], 'pypy3'));
      assert.ok(!allowsLanguage(['pypy3'], 'python3'));
      assert.ok(!allowsLanguage(['cpp'], 'c'));
      assert.ok(allowsLanguage(undefined, 'c'));
      assert.equal(languageRefusal(['cpp', 'java'], { id: 'python3', name: 'Python 3' }), 'Python 3 is not among the languages this problem allows (problem.yaml languages: cpp, java)');
    });
  });

  describe('2025-09', function () {
    const V2025 = 'problem_format_version: 2025-09\nname: C\nuuid: 8ee7605a-26db-897d-15c8-b72d4e1bfcbb\n';

    it("fills in constants where the format says, in a copy: statements, validators, submissions, test_group.yaml, never the test data or the author's folder", async function () {
      const dir = writeTree({
        'problem.yaml': `${V2025}constants:\n  MAXN: 1000\n  NAME: Bob\n  FIVE:\n    value: 5\n    ROMAN: V\n`,
        'statement/problem.en.md': 'At most {{MAXN}} items; {{FIVE}} friends of {{NAME}}; {{UNKNOWN}} stays.\n',
        'output_validator/validate.cpp': 'const int MAXN = {{MAXN}};\nint main() { return 42; }\n',
        'data/secret/1.in': '{{MAXN}}\n',
        'data/secret/1.ans': '{{MAXN}}\n',
        'data/secret/test_group.yaml': 'output_validator_args: [--limit, "{{MAXN}}"]\n',
        'submissions/accepted/a.py': 'print({{MAXN}})\n',
      });
      const problem = await loadProblemPackage(dir);
      assert.notEqual(problem.dir, dir, 'a copy is judged');
      assert.equal(problem.statement.markdown, 'At most 1000 items; 5 friends of Bob; {{UNKNOWN}} stays.\n');
      assert.match(readFileSync(path.join(problem.dir, 'output_validator/validate.cpp'), 'utf8'), /const int MAXN = 1000;/);
      assert.equal(readFileSync(path.join(problem.dir, 'submissions/accepted/a.py'), 'utf8'), 'print(1000)\n');
      assert.equal(readFileSync(problem.tests[0].input, 'utf8'), '{{MAXN}}\n', 'test data keeps its braces');
      assert.deepEqual(problem.tests[0].validatorFlags, ['--limit', '1000']);
      assert.equal(readFileSync(path.join(dir, 'submissions/accepted/a.py'), 'utf8'), 'print({{MAXN}})\n', "the author's folder is untouched");
      await rejects(loadProblemPackage(withYaml(`${V2025}constants:\n  2x: 1\n`)), /constants: "2x" is not a name/);
    });

    it('takes a test\'s own validator arguments and refuses what it cannot run as the format says, by name', async function () {
      const own = await loadProblemPackage(withYaml(V2025, { 'data/secret/1.yaml': 'output_validator_args: [case_sensitive]\ndescription: the one test\n' }));
      assert.deepEqual(own.tests[0].validatorFlags, ['case_sensitive']);
      await rejects(loadProblemPackage(withYaml(V2025, { 'data/secret/1.yaml': 'args: ["--fast"]\n' })), /data\/secret\/1.yaml: args \(command-line arguments for submissions\) is not supported/);
      await rejects(loadProblemPackage(withYaml(V2025, { 'data/secret/test_group.yaml': 'args: [x]\n' })), /data\/secret\/test_group.yaml: args .* is not supported/);
      await rejects(loadProblemPackage(withYaml(V2025, { 'data/secret/1.files/grid.txt': '#\n' })), /data\/secret\/1.files: input files for file I\/O are not supported/);
      await rejects(loadProblemPackage(withYaml('problem_format_version: 2026-01\nname: X\n')), /not supported \(legacy, 2023-07 or 2025-09\)/);
      const included = await loadProblemPackage(withYaml(V2025, { 'include/default/driver.h': '#pragma once\n' }));
      assert.equal(included.includeDir, path.join(included.dir, 'include'), 'included code is read (judged in cli.test.ts)');
      const headersOnly = await loadProblemPackage(withYaml(V2025, { 'include/validate.h': '#pragma once\n' }));
      assert.equal(headersOnly.includeDir, undefined, 'files right in include/ are not included code');
    });
  });

  describe('submissions/', function () {
    it('judges files and folders, skips what is not a submission and reports unknown folders', async function () {
      const problem = await loadProblemPackage(
        withYaml('name: Subs\n', {
          'submissions/accepted/a.py': 'print(1)\n',
          'submissions/accepted/.gitkeep': '',
          'submissions/accepted/b.py.disabled': '',
          'submissions/accepted/README.md': '',
          'submissions/accepted/.a.py.swp': '',
          'submissions/accepted/a.py~': '',
          'submissions/accepted/multi/main.cpp': '#include "x.h"\n',
          'submissions/accepted/multi/x.h': '',
          'submissions/run_time_error/crash.c': '',
          'submissions/wrong_answer/annotated.c': '/* @EXPECTED_RESULTS@: WRONG-ANSWER, TIMELIMIT */\n',
          'submissions/rejected/r.c': '',
          'submissions/partially_accepted/p.c': '',
          'submissions/mystery/m.c': '',
        }),
      );
      const rows = problem.submissions.map((s) => [path.relative(problem.dir, s.path), s.expected, s.accepts.join(','), s.files.length]);
      assert.deepEqual(rows, [
        ['submissions/accepted/a.py', 'AC', 'AC', 1],
        ['submissions/accepted/multi', 'AC', 'AC', 2],
        ['submissions/rejected/r.c', 'WA', 'WA,PE,TLE,MLE,RE,OLE', 1],
        ['submissions/run_time_error/crash.c', 'RE', 'RE,MLE,OLE', 1],
        ['submissions/wrong_answer/annotated.c', 'WA', 'WA,PE,TLE,OLE', 1],
      ]);
      assert.deepEqual(problem.submissionNotes, [
        'submissions/mystery/ is not judged: not a folder name of the Kattis or DOMjudge formats, and no @EXPECTED_RESULTS@ tag, submissions.yaml or expectations.yaml entry says what to expect',
        'submissions/partially_accepted/ is not judged: partial scores need a scoring problem',
      ]);
    });
  });

  describe('the default output validator', function () {
    const check = (output: string, answer: string, flags: string[] = []) => compareTokens(output, answer, tokenOptions(flags)).verdict;

    it('compares tokens ignoring case and whitespace unless told otherwise', function () {
      assert.equal(check('YES\n', 'yes\n'), 'AC');
      assert.equal(check('NaN', 'nan'), 'AC');
      assert.equal(check('YES', 'yes', ['case_sensitive']), 'WA');
      assert.equal(check('  1   2\n\n3 ', '1 2 3\n'), 'AC');
      assert.equal(check('1 2', '1 2 3'), 'WA');
      assert.equal(check('1 2 3 4', '1 2 3'), 'WA');
      assert.equal(check('', ''), 'AC');
      assert.equal(check(' \n\t', ''), 'AC');
      assert.equal(check('1.0', '1'), 'WA', 'numbers are text without a tolerance');
      assert.equal(check('\u00c9', '\u00e9'), 'WA', 'case is ASCII case only');
    });

    it('compares whitespace exactly with space_change_sensitive', function () {
      const strict = ['space_change_sensitive'];
      assert.equal(check('A B\n', 'A B\n', strict), 'AC');
      assert.equal(check('A  B\n', 'A B\n', strict), 'WA');
      assert.equal(check('A B', 'A B\n', strict), 'WA');
      assert.equal(check(' ', '', strict), 'WA');
      assert.equal(check('a b\n', 'A B\n', strict), 'AC');
    });

    it('accepts numbers within the float tolerances', function () {
      assert.equal(check('1.0004', '1.0', ['float_tolerance', '1e-3']), 'AC');
      assert.equal(check('1.01', '1.0', ['float_tolerance', '1e-3']), 'WA');
      assert.equal(check('1000.5', '1000', ['float_relative_tolerance', '1e-3']), 'AC');
      assert.equal(check('1000.5', '1000', ['float_absolute_tolerance', '1e-3']), 'WA');
      assert.equal(check('abc', '1.0', ['float_tolerance', '1e-3']), 'WA');
      assert.equal(check('inf', 'INF', ['float_tolerance', '1e-3']), 'AC');
      assert.equal(check('nan', 'NaN', ['float_tolerance', '1e-3']), 'AC');
      assert.equal(check('1e-7', '0', ['float_absolute_tolerance', '1e-6']), 'AC');
      assert.throws(() => tokenOptions(['float_tolerance']), /needs a non-negative number/);
    });

    it('checks a hostile output in linear time', function () {
      const started = performance.now();
      assert.equal(check(`${' '.repeat(2_000_000)}x${'9'.repeat(2_000_000)}.`, '1', ['float_tolerance', '1e-6']), 'WA');
      assert.ok(performance.now() - started < 2000);
    });
  });

  describe('source files', function () {
    let languages: Language[];
    before(async function () {
      languages = await loadLanguageDefinitions();
    });
    const lang = (id: string) => languages.find((l) => l.id === id)!;

    it("names a Java file after its public class and runs the class with main, whatever the file's name", function () {
      const single = layoutSources(lang('java'), 'import java.util.*;\npublic class Different {\n  public static void main(String[] a) {}\n}\n');
      assert.ok(!('error' in single));
      assert.equal(single.files[0].name, 'Different.java');
      assert.equal(single.mainClass, 'Different');
      const helper = layoutSources(lang('java'), 'class Helper {}\nclass Solution { static public void main(String[] a) {} }\n');
      assert.ok(!('error' in helper));
      assert.equal(helper.files[0].name, 'Main.java');
      assert.equal(helper.mainClass, 'Solution');
    });

    it('runs the Scala object with main, whatever its name', function () {
      const scala = layoutSources(lang('scala'), 'object Helper { def twice(x: Int) = 2 * x }\nobject Solution {\n  def main(args: Array[String]): Unit = println(Helper.twice(21))\n}\n');
      assert.ok(!('error' in scala) && scala.mainClass === 'Solution');
    });

    it('finds the main file of several and refuses bad names', function () {
      const py = lang('python3');
      const files = [
        { name: 'util.py', content: '' },
        { name: 'solve.py', content: 'import util\n' },
      ];
      const named = layoutSources(py, '', files, 'solve');
      assert.ok(!('error' in named) && named.mainFile === 'solve.py');
      const unclear = layoutSources(py, '', files, 'other');
      assert.ok('error' in unclear && /which of the 2 Python/.test(unclear.error));
      const dunder = layoutSources(py, '', [...files, { name: '__main__.py', content: '' }]);
      assert.ok(!('error' in dunder) && dunder.mainFile === '__main__.py');
      for (const name of ['../x.py', '/etc/x.py', 'a/./b.py', '.hidden.py']) {
        const bad = layoutSources(py, '', [{ name, content: '' }, ...files]);
        assert.ok('error' in bad, `${name} refused`);
      }
    });

    it('tells the language from the files, and refuses Python 2 by name', function () {
      const found = languageForSubmission(languages, [{ name: 'a.cpp', content: '' }, { name: 'b.cpp', content: '' }, { name: 'x.h', content: '' }]);
      assert.ok('language' in found && found.language.id === 'cpp');
      const two = languageForSubmission(languages, [{ name: 'old.py', content: '#!/usr/bin/env python2\nprint "x"\n' }]);
      assert.ok('error' in two && /Python 2/.test(two.error));
      // .pl: Prolog in the Kattis format, Perl in DOMjudge's: the text tells them apart.
      const perl = languageForSubmission(languages, [{ name: 'test-hello.pl', content: 'my $line = <STDIN>;\nprint "Hello world!\\n";\n' }]);
      assert.ok('language' in perl && perl.language.id === 'perl');
      const prolog = languageForSubmission(languages, [{ name: 'hello.pl', content: ':- initialization(main).\nmain :- write(\'Hello\'), nl.\n' }]);
      assert.ok('language' in prolog && prolog.language.id === 'prolog');
      const none = languageForSubmission(languages, [{ name: 'notes.xyz', content: '' }]);
      assert.ok('error' in none && /no language for \.xyz/.test(none.error));
    });
  });
});
