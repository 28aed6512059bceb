// The one entry point the server, the worker and the CLI use: load plugins and languages,
// choose a backend, and judge submissions against problems.
import os from 'node:os';
import path from 'node:path';
import { BUILTIN_CHECKERS, prepareChecker, type CheckOutput } from './checkers/index.ts';
import type { SpecialJudgeEnv } from './checkers/special.ts';
import { CompileCache } from './compile-cache.ts';
import { interactionProblem } from './interactive.ts';
import { judgeWithContext, type JudgeOptions } from './judge-submission.ts';
import { PrecompiledHeaders } from './precompiled-headers.ts';
import type { SourceFile } from './sources.ts';
import { DEFAULT_LANGUAGES_DIR, loadLanguageDefinitions, probeLanguages } from './languages.ts';
import type { JudgeBackend, VerdictPlugin } from './plugin-api.ts';
import { DEFAULT_PLUGINS, loadPlugins, type PluginSpec } from './plugin-loader.ts';
import type { PluginRegistry } from './registry.ts';
import type { JudgeProgress, JudgeResult, Language, LanguageStatus, Problem } from './types.ts';
import { DEFAULT_WORK_ROOT, sweepWorkRoot } from './workspace.ts';

export const UNSAFE_LABEL = 'UNSAFE: no isolation';

export interface CreateJudgeOptions {
  /** Plugins to load (default: @verdict/sandbox-bwrap and @verdict/unsafe-local). */
  plugins?: PluginSpec[];
  /** Backend name; default `sandbox` when it passes its check, otherwise an error. */
  backend?: string;
  languagesDir?: string;
  /** Where compiled checkers are cached (default: $TMPDIR/verdict-cache). */
  cacheDir?: string;
  /** Where scratch folders go (default: $TMPDIR/verdict-judge). */
  workRoot?: string;
  /**
   * Run a submission's tests in one sandbox when the backend offers it (default true); false
   * gives every test a sandbox of its own (slower; for comparison and for hosts where sessions
   * misbehave).
   */
  sessions?: boolean;
  log?: (message: string) => void;
}

export interface JudgeSubmissionRequest {
  problem: Problem;
  /** A language id or a loaded language. */
  language: string | Language;
  source: string;
  /** A submission of several files (or one with its own name); `source` is then unused. */
  files?: SourceFile[];
  /** The submission's name (a folder's), which may name its main file. */
  submissionName?: string;
  /** The main file as the submitter named it (a package's entry point); it must be one of `files`. */
  mainFile?: string;
  /** Take the first source when nothing names the main file (a package's own submissions, as DOMjudge does). */
  guessMainFile?: boolean;
  options?: JudgeOptions;
  onProgress?: (progress: JudgeProgress) => void;
}

export interface Judge {
  backend: JudgeBackend;
  registry: PluginRegistry;
  /** Every defined language (available or not). */
  allLanguages: Language[];
  /** Every language with its availability on this backend (probed once, cached). */
  languageStatus(): Promise<LanguageStatus[]>;
  /** One language's availability (probes only that toolchain); undefined for an unknown id. */
  languageStatusOf(id: string): Promise<LanguageStatus | undefined>;
  /** The available languages. */
  languages(): Promise<Language[]>;
  judgeSubmission(request: JudgeSubmissionRequest): Promise<JudgeResult>;
  /** Where a package's own programs (checkers, an importer's generators) are compiled and run. */
  programs: SpecialJudgeEnv;
  /** Lets every loaded backend release what it keeps between runs; judging may continue after. */
  close(): Promise<void>;
}

export class JudgeSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JudgeSetupError';
  }
}

const builtinCheckers: VerdictPlugin = {
  name: 'verdict:builtin-checkers',
  apiVersion: 1,
  setup(ctx) {
    for (const checker of BUILTIN_CHECKERS) ctx.registerChecker(checker);
  },
};

export async function createJudge(options: CreateJudgeOptions = {}): Promise<Judge> {
  const log = options.log ?? (() => {});
  const registry = await loadPlugins([{ plugin: builtinCheckers }, ...(options.plugins ?? DEFAULT_PLUGINS)], { log });
  const backend = await chooseBackend(registry, options.backend);
  if (backend.unsafe) log(`judge backend "${backend.name}" — ${UNSAFE_LABEL}`);

  const fromFiles = await loadLanguageDefinitions(options.languagesDir ?? DEFAULT_LANGUAGES_DIR);
  const fromPlugins = [...registry.languages.values()].map((e) => e.language as Language);
  const allLanguages = [...fromFiles.filter((l) => !fromPlugins.some((p) => p.id === l.id)), ...fromPlugins];

  const cacheDir = options.cacheDir ?? path.join(os.tmpdir(), 'verdict-cache');
  const workRoot = options.workRoot ?? DEFAULT_WORK_ROOT;
  // A judge killed mid-judging (SIGKILL) leaves its work folders, users' sources in them.
  await sweepWorkRoot(workRoot).catch((err: Error) => log(`could not remove the work folders of ended processes in ${workRoot}: ${err.message}`));
  let status: Promise<LanguageStatus[]> | undefined;
  const languageStatus = () => (status ??= probeLanguages(backend, allLanguages));
  const checkers = new Map<string, Promise<CheckOutput>>();
  const probed = new Map<string, Promise<LanguageStatus>>();
  const compileCache = new CompileCache(cacheDir);
  const precompiledHeaders = new PrecompiledHeaders({ backend, cacheDir, workRoot, log });

  const specialJudges: SpecialJudgeEnv = { backend, languages: allLanguages, cacheDir, workRoot };
  const judge: Judge = {
    backend,
    registry,
    programs: specialJudges,
    allLanguages,
    languageStatus,
    async languageStatusOf(id) {
      const language = allLanguages.find((l) => l.id === id);
      if (!language) return undefined;
      // Probed once per language (a failed probe is tried again next time).
      let probe = probed.get(id);
      if (!probe) {
        probe = status ? status.then((all) => all.find((s) => s.language.id === id)!) : probeLanguages(backend, [language]).then(([s]) => s);
        probed.set(id, probe);
        void probe.then((s) => s.available || probed.delete(id), () => probed.delete(id));
      }
      return probe;
    },
    async languages() {
      return (await languageStatus()).filter((s) => s.available).map((s) => s.language);
    },
    async judgeSubmission(request) {
      const language = await resolveLanguage(judge, request.language);
      const toolchain = (await judge.languageStatusOf(language.id))?.version;
      // An interactive problem this backend cannot run is SE, never judged as a batch problem.
      const unsupported = interactionProblem(request.problem, backend);
      if (unsupported) return { verdict: 'SE', timeMs: 0, memoryKb: 0, compileMessage: unsupported, tests: [] };
      const key = `${request.problem.hash}\0${JSON.stringify(request.problem.checker)}`;
      let checkOutput = checkers.get(key);
      if (!checkOutput) {
        checkOutput = prepareChecker(request.problem.checker, specialJudges, registry);
        checkers.set(key, checkOutput);
        checkOutput.catch(() => checkers.delete(key));
      }
      let check: CheckOutput;
      try {
        check = await checkOutput;
      } catch (err) {
        return { verdict: 'SE', timeMs: 0, memoryKb: 0, compileMessage: `checker unusable: ${(err as Error).message}`, tests: [] };
      }
      return judgeWithContext(
        { backend, workRoot, checkOutput: check, toolchain, compileCache, precompiledHeaders, sessions: options.sessions !== false, specialJudges, log },
        { ...request, language },
      );
    },
    async close() {
      await precompiledHeaders.close();
      await Promise.all([...registry.backends.values()].map(({ backend: b }) => b.close?.()));
    },
  };
  return judge;
}

async function resolveLanguage(judge: Judge, wanted: string | Language): Promise<Language> {
  if (typeof wanted !== 'string') return wanted;
  const status = await judge.languageStatusOf(wanted);
  if (!status) throw new JudgeSetupError(`unknown language "${wanted}"; known: ${judge.allLanguages.map((l) => l.id).join(', ')}`);
  if (!status.available) throw new JudgeSetupError(`language "${wanted}" is not available: ${status.reason}`);
  return status.language;
}

async function chooseBackend(registry: PluginRegistry, wanted: string | undefined): Promise<JudgeBackend> {
  const failures = registry.failures.map((f) => `  ${f.message}`).join('\n');
  if (wanted) {
    const backend = registry.backend(wanted);
    if (backend) return backend;
    const known = [...registry.backends.keys()].join(', ') || 'none';
    throw new JudgeSetupError(`judge backend "${wanted}" is not available (loaded: ${known})${failures ? `\n${failures}` : ''}`);
  }
  const reasons: string[] = [];
  const sandbox = registry.backend('sandbox');
  if (os.platform() !== 'linux') reasons.push('the sandbox backend needs Linux');
  else if (process.getuid?.() !== 0) reasons.push('the sandbox backend needs root (it creates cgroups and drops to an unprivileged uid)');
  else if (!sandbox) reasons.push(`the sandbox backend is not loaded${failures ? `:\n${failures}` : ''}`);
  else {
    const check = await sandbox.check();
    if (check.ok) return sandbox;
    reasons.push(...check.problems);
  }
  throw new JudgeSetupError(
    `no safe judge backend: ${reasons.join('; ')}\n` +
      `Pass --backend unsafe-local to run programs without isolation (${UNSAFE_LABEL}) — only for your own code on your own machine.`,
  );
}
