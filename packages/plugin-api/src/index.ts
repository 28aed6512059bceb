// @verdict/plugin-api: the contract between the judge core and its plugins. A plugin is a plain
// object; the core calls setup() once with a context through which it registers what it
// provides. Plugins depend on this package only, never on the core's internals. The suites
// every backend must pass are in `@verdict/plugin-api/conformance`.

export const PLUGIN_API_VERSION = 1;

/** Limits for one sandboxed run. */
export interface RunLimits {
  /** CPU time limit in milliseconds. */
  cpuMs: number;
  /** Wall-clock limit in milliseconds (default 3 × cpuMs). */
  wallMs?: number;
  /** Memory limit in KiB (cgroup memory + swap). */
  memoryKb: number;
  /** Maximum number of processes/threads. */
  pids?: number;
  /** Cap on stdout bytes counted by the parent; beyond it the run is OLE. */
  outputBytes?: number;
  /** Cap on stderr bytes kept (the rest is discarded, not an error). */
  stderrBytes?: number;
  /** Size of the writable work dir / tmpfs in KiB. */
  diskKb?: number;
}

export interface RunRequest {
  /** argv[0] is resolved inside the sandbox (absolute path or on PATH). */
  argv: string[];
  /** Host directory mounted read-write (or copied) as the sandbox work dir (/work). */
  workDir: string;
  /** Extra read-only binds: host path → sandbox path. */
  readOnlyBinds?: { host: string; sandbox: string }[];
  /** Stdin content, or a host file path to feed as stdin. */
  stdin?: string | Buffer | { file: string };
  /** Write stdout to this host file instead of returning it (still counted for OLE). */
  stdoutFile?: string;
  env?: Record<string, string>;
  limits: RunLimits;
  /**
   * The work dir holds the program itself (a submission's compiled files): its files count in the
   * run's memory, so a table compiled into the binary meets `limits.memoryKb`. Leave it unset for
   * checkers and validators, whose work dir holds the test's data. Sessions always count it.
   */
  chargeWorkDir?: boolean;
}

export type RunStatus =
  | 'OK' // exited 0 within limits
  | 'TLE' // CPU or wall limit exceeded
  | 'MLE' // OOM kill or peak at limit
  | 'OLE' // output cap or file-size limit
  | 'RE' // signal or non-zero exit
  | 'SE'; // our own failure

export interface RunResult {
  status: RunStatus;
  exitCode: number | null;
  signal: string | null;
  cpuMs: number;
  wallMs: number;
  memoryKb: number;
  /** Bounded stdout (empty when stdoutFile or stdoutBuffer was asked for). */
  stdout: string;
  /** The bytes of stdout (at most the output cap) when a session's run asked for them (SessionRun.stdoutBuffer). */
  stdoutBuffer?: Buffer;
  /** Bounded stderr. */
  stderr: string;
  /** Human-readable detail for SE or for the limit hit. */
  message?: string;
}

/** One side of an interactive run: its stdin and stdout are the pipes to the other side. */
export type PipedRunRequest = Omit<RunRequest, 'stdin' | 'stdoutFile'>;

/**
 * Two process trees, each in a sandbox of its own with its own limits, connected by pipes: the
 * validator's stdout is the program's stdin and the program's stdout the validator's stdin
 * (`JudgeBackend.runInteractive`). When one side ends, the other reads EOF and its writes fail
 * (EPIPE); two sides each waiting for the other end at their wall-clock limits.
 */
export interface InteractiveRunRequest {
  /** The submission. It reaches nothing of the validator: not its files, not its processes. */
  program: PipedRunRequest;
  /** The problem's interactor (a Kattis output validator, a testlib interactor). */
  validator: PipedRunRequest;
}

export interface InteractiveRunResult {
  /** The figures of each side are its own; `stdout` is empty (it went to the other side). */
  program: RunResult;
  validator: RunResult;
  /** Which side's program ended first (the verdict rules of Kattis depend on it). */
  firstToEnd: 'program' | 'validator';
}

/**
 * One sandbox for every test of a submission (`JudgeBackend.openSession`): set up once, then one
 * run per test. Each run starts from the pristine work dir (files a run creates, changes or
 * removes are gone before the next one, and nothing is copied back to `workDir`), with no
 * process of an earlier run alive, and its figures (CPU, memory, wall) are its own.
 */
export interface SessionRequest {
  argv: string[];
  /** Host directory holding the program; every run sees a fresh copy of it as its work dir. */
  workDir: string;
  /** Host directory of the test inputs (read-only to the program); each run's stdin is one of its files. */
  inputDir: string;
  env?: Record<string, string>;
  /** Limits of every run of the session. */
  limits: RunLimits;
}

export interface SessionRun {
  /** A file directly inside the session's inputDir. */
  stdin: { file: string };
  /** Write stdout to this host file instead of returning it (still counted for OLE). */
  stdoutFile?: string;
  /**
   * Return stdout's bytes in RunResult.stdoutBuffer instead (no file is written: the judge's
   * built-in checkers read them from memory). Not with stdoutFile.
   */
  stdoutBuffer?: boolean;
}

export interface RunSession {
  /** One run; runs of a session are sequential (one at a time). An SE ends the session's use. */
  run(req: SessionRun): Promise<RunResult>;
  /** Ends the sandbox; nothing of it survives. Safe to call twice. */
  close(): Promise<void>;
}

/** A judge backend compiles and runs one process tree with limits; nothing more. */
export interface JudgeBackend {
  name: string;
  /** True when this backend does not isolate the program (shown loudly everywhere). */
  unsafe: boolean;
  /** Probe the host; a clear message per missing capability. */
  check(): Promise<{ ok: boolean; problems: string[]; capabilities: Record<string, string | boolean> }>;
  run(req: RunRequest): Promise<RunResult>;
  /**
   * Optional: one sandbox for many runs of the same program (see SessionRequest). Rejects when
   * the host cannot give sessions their guarantees; the judge then runs each test with run().
   */
  openSession?(req: SessionRequest): Promise<RunSession>;
  /**
   * Optional: the program and the validator connected by pipes (see InteractiveRunRequest). A
   * backend without it cannot judge interactive problems: the judge gives them SE, naming it.
   */
  runInteractive?(req: InteractiveRunRequest): Promise<InteractiveRunResult>;
  /** Optional: release what the backend keeps between runs (the judge's close() calls it). */
  close?(): Promise<void>;
}

export interface LanguageDefinition {
  id: string;
  name: string;
  sourceFile: string;
  extensions: string[];
  compile?: string[];
  run: string[];
  versionProbe: string[];
  timeFactor: number;
  memoryFactor: number;
  editorMode: string;
  template: string;
}

export interface CheckerContext {
  input: string; // host path of the test input
  answer: string; // host path of the expected answer
  output: string; // host path of the contestant output
  workDir: string;
}
export interface CheckerResult {
  verdict: 'AC' | 'WA' | 'PE' | 'SE';
  message?: string;
  /** A scoring validator's score for the test (Kattis score.txt). */
  score?: number;
}
export interface Checker {
  name: string;
  check(ctx: CheckerContext, options: Record<string, unknown>): Promise<CheckerResult>;
}

export interface PluginContext {
  registerBackend(backend: JudgeBackend): void;
  registerLanguage(language: LanguageDefinition): void;
  registerChecker(checker: Checker): void;
  log(message: string): void;
}

export interface VerdictPlugin<Config = unknown> {
  name: string;
  apiVersion: number;
  /** Validates and returns the typed config, throwing a clear Error when it is bad. */
  parseConfig?(raw: unknown): Config;
  setup(ctx: PluginContext, config: Config): void | Promise<void>;
}
