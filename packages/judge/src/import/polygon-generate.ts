// The tests a Polygon package does not hold (its "standard" package: doall.sh makes them), made
// as Polygon's script makes them, in the sandbox: each generated test's input from its generator's
// stdout (`gen --type=tree 01`), every answer from the main solution, and every input checked by
// the package's validator.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RunLimits } from '../plugin-api.ts';
import { compileSpecialJudge, specialJudgeArgv, type CompiledSpecialJudge, type SpecialJudgeEnv } from '../checkers/special.ts';
import { languageEnv } from '../languages.ts';
import { PackageError } from '../package/errors.ts';
import { shellWords } from '../package/kattis-config.ts';
import { copyTree, makeWorkDir, removeDir } from '../workspace.ts';

/** A test to make: where its input and answer go, and the generator command when the input is to be made. */
export interface TestToMake {
  index: number;
  input: string;
  answer: string;
  /** `gen args…` from problem.xml; undefined when the input is in the package. */
  cmd?: string;
  group?: string;
  makeInput: boolean;
  makeAnswer: boolean;
}

export interface PolygonPrograms {
  /** Package-relative source paths of the executables (files/gen.cpp…). */
  executables: string[];
  /** The headers they include (files/testlib.h…). */
  headers: string[];
  mainSolution?: string;
  validator?: string;
}

const GENERATOR_LIMITS: RunLimits = { cpuMs: 60_000, wallMs: 120_000, memoryKb: 2048 * 1024, pids: 64, outputBytes: 512 << 20, stderrBytes: 64 << 10 };

/**
 * Makes the missing inputs and answers, then validates every input. `timeLimitMs` and
 * `memoryMb` are the problem's: the main solution runs with 5 × its time limit (at least 10 s).
 */
export async function makePolygonTests(env: SpecialJudgeEnv, dir: string, programs: PolygonPrograms, tests: TestToMake[], limits: { timeLimitMs: number; memoryMb: number }, log: (line: string) => void = () => {}): Promise<number> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'verdict-polygon-'));
  const compiled = new Map<string, Promise<CompiledSpecialJudge>>();
  const build = (source: string) => {
    let pending = compiled.get(source);
    if (!pending) {
      pending = compileProgram(env, dir, source, programs.headers, scratch);
      compiled.set(source, pending);
    }
    return pending;
  };
  let made = 0;
  try {
    for (const test of tests.filter((t) => t.makeInput)) {
      const words = shellWords(test.cmd ?? '', `problem.xml: test ${test.index}: cmd`);
      if (!test.cmd || words.length === 0) throw new PackageError(`test ${test.index}: its input is not in the package and problem.xml gives no generator command`);
      if (/[<>|{}$;&]/.test(test.cmd)) throw new PackageError(`test ${test.index}: the generator command "${test.cmd}" redirects or makes several tests at once, which is not supported: import the full package (with tests)`);
      const source = programs.executables.find((e) => path.basename(e, path.extname(e)) === words[0]);
      if (!source) throw new PackageError(`test ${test.index}: generator "${words[0]}" is not among the package's executables (${programs.executables.join(', ') || 'none'})`);
      log(`test ${test.index}: ${test.cmd}`);
      const result = await runProgram(env, await build(source), words.slice(1), undefined, test.input, GENERATOR_LIMITS);
      if (result) throw new PackageError(`test ${test.index}: "${test.cmd}" failed: ${result}`);
      made++;
    }
    if (programs.validator) {
      log(`validating ${tests.length} inputs with ${programs.validator}`);
      const validator = await build(programs.validator);
      for (const test of tests) {
        // Polygon tells the validator the testset and group (validator.group() in testlib).
        const args = ['--testset', 'tests', ...(test.group !== undefined ? ['--group', test.group] : [])];
        const result = await runProgram(env, validator, args, test.input, undefined, GENERATOR_LIMITS);
        if (result) throw new PackageError(`test ${test.index}: the validator ${programs.validator} refuses its input: ${result}`);
      }
    }
    const answers = tests.filter((t) => t.makeAnswer);
    if (answers.length > 0) {
      if (!programs.mainSolution) throw new PackageError(`test ${answers[0].index}: its answer is not in the package and no solution is tagged main to make it`);
      log(`making ${answers.length} answers with ${programs.mainSolution}`);
      const main = await build(programs.mainSolution);
      const cpuMs = Math.max(10_000, limits.timeLimitMs * 5);
      const solutionLimits: RunLimits = { ...GENERATOR_LIMITS, cpuMs, wallMs: cpuMs * 2, memoryKb: limits.memoryMb * 1024 };
      for (const test of answers) {
        const result = await runProgram(env, main, [], test.input, test.answer, solutionLimits);
        if (result) throw new PackageError(`test ${test.index}: the main solution ${programs.mainSolution} failed on it: ${result}`);
        made++;
      }
    }
    return made;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A source with the package's headers beside it, compiled as a checker is (cached by content). */
async function compileProgram(env: SpecialJudgeEnv, dir: string, source: string, headers: string[], scratch: string): Promise<CompiledSpecialJudge> {
  const folder = path.join(scratch, path.basename(source, path.extname(source)));
  await mkdir(folder, { recursive: true });
  await copyFile(path.join(dir, source), path.join(folder, path.basename(source)));
  for (const header of headers) await copyFile(path.join(dir, header), path.join(folder, path.basename(header)));
  try {
    return await compileSpecialJudge(env, folder);
  } catch (err) {
    throw new PackageError(`${source}: ${(err as Error).message}`);
  }
}

/** Runs a compiled program in the sandbox; returns why it failed, or undefined. */
async function runProgram(env: SpecialJudgeEnv, program: CompiledSpecialJudge, args: string[], stdin: string | undefined, stdoutTo: string | undefined, limits: RunLimits): Promise<string | undefined> {
  const workDir = await makeWorkDir(env.workRoot, 'generate');
  try {
    await copyTree(program.dir, workDir);
    const stdout = path.join(workDir, '.stdout');
    if (stdin) await copyFile(stdin, path.join(workDir, '.stdin'));
    await writeFile(stdout, '');
    const result = await env.backend.run({
      argv: [...specialJudgeArgv(program, Math.floor(limits.memoryKb / 1024)), ...args],
      workDir,
      env: languageEnv(program.language),
      ...(stdin ? { stdin: { file: path.join(workDir, '.stdin') } } : {}),
      stdoutFile: stdout,
      limits,
    });
    if (result.status !== 'OK') return `${result.status}${result.exitCode ? ` (exit ${result.exitCode})` : ''}: ${(result.stderr || result.message || '').trim().slice(0, 500)}`;
    if (stdoutTo) {
      await mkdir(path.dirname(stdoutTo), { recursive: true });
      await copyFile(stdout, stdoutTo);
    }
    return undefined;
  } finally {
    await removeDir(workDir);
  }
}
