// Compiling a source in a work folder through the backend. Compiles get generous limits of their own, or the package's.
import type { JudgeBackend, RunLimits } from './plugin-api.ts';
import { expandArgv, languageEnv, type ArgvValues } from './languages.ts';
import type { Language, ProgramLimits } from './types.ts';

export const COMPILE_LIMITS: RunLimits = {
  cpuMs: 10_000,
  wallMs: 20_000,
  memoryKb: 1024 * 1024,
  pids: 128,
  outputBytes: 1 << 20,
  stderrBytes: 64 << 10,
  diskKb: 256 * 1024,
};

/**
 * `base` with the limits a package names in place of the judge's (Kattis `limits.compilation_*`,
 * `limits.validation_*`): CPU time (the wall clock at least twice it), memory, output.
 */
export function withNamedLimits(base: RunLimits, named: ProgramLimits | undefined): RunLimits {
  if (!named) return base;
  const cpuMs = named.timeMs ?? base.cpuMs;
  return {
    ...base,
    cpuMs,
    wallMs: Math.max(base.wallMs!, cpuMs * 2),
    memoryKb: named.memoryMb !== undefined ? named.memoryMb * 1024 : base.memoryKb,
    outputBytes: named.outputMb !== undefined ? Math.round(named.outputMb * 2 ** 20) : base.outputBytes,
  };
}

/** The compile limits with a package's own (Kattis `limits.compilation_time`, `compilation_memory`) in place of the judge's. */
export function compileLimits(named: ProgramLimits | undefined): RunLimits {
  return withNamedLimits(COMPILE_LIMITS, named);
}

const MESSAGE_LIMIT = 16 << 10;

export interface CompileOutcome {
  /** OK: compiled; CE: the compiler rejected the source; SE: we could not run the compiler. */
  status: 'OK' | 'CE' | 'SE';
  message: string;
}

/** The argv values of a single source file named as the language wants it. */
export function singleSourceValues(language: Language): Omit<ArgvValues, 'memoryMb'> {
  return { files: [language.sourceFile], mainFile: language.sourceFile, mainClass: language.entry?.defaultClass ?? 'Main' };
}

/**
 * `extras`: arguments after the compiler's name and read-only folders (a precompiled header).
 * `sources`: the files, main file and entry class (default: one file named `sourceFile`).
 * `limits`: the compiler's (compileLimits).
 */
export async function compileInDir(
  backend: JudgeBackend,
  language: Language,
  workDir: string,
  memoryMb: number,
  extras: { args: string[]; readOnlyBinds: { host: string; sandbox: string }[] } | null = null,
  sources: Omit<ArgvValues, 'memoryMb'> = singleSourceValues(language),
  limits: RunLimits = COMPILE_LIMITS,
): Promise<CompileOutcome> {
  if (!language.compile) return { status: 'OK', message: '' };
  const [compiler, ...rest] = expandArgv(language.compile, { memoryMb, ...sources });
  const result = await backend.run({
    argv: [compiler, ...(extras?.args ?? []), ...rest],
    workDir,
    readOnlyBinds: extras?.readOnlyBinds,
    env: languageEnv(language),
    limits,
  });
  // The message is stored as text, which PostgreSQL refuses with a NUL in it (a compiler, or
  // whatever a language runs to compile, may print one); invalid UTF-8 is already U+FFFD.
  const output = `${result.stderr}${result.stdout}`.replaceAll('\0', '\uFFFD').trim();
  const message = output.length > MESSAGE_LIMIT ? `${output.slice(0, MESSAGE_LIMIT)}\n… (truncated)` : output;
  switch (result.status) {
    case 'OK':
      return { status: 'OK', message };
    case 'SE':
      return { status: 'SE', message: `cannot run the ${language.name} compiler: ${result.message ?? 'system error'}` };
    case 'TLE':
      return { status: 'CE', message: `${message}\ncompilation exceeded ${limits.cpuMs / 1000} s`.trim() };
    case 'MLE':
      return { status: 'CE', message: `${message}\ncompilation exceeded ${limits.memoryKb / 1024} MB of memory`.trim() };
    case 'OLE':
      return { status: 'CE', message: `${message}\ncompiler output or files too large`.trim() };
    default:
      return { status: 'CE', message: message || `compiler failed (${result.message ?? result.status})` };
  }
}
