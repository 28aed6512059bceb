// Types shared by the judge core: languages as loaded from languages/*, problems, verdicts.
import type { LanguageDefinition } from './plugin-api.ts';

export type Verdict = 'AC' | 'WA' | 'PE' | 'TLE' | 'MLE' | 'RE' | 'OLE' | 'CE' | 'SE';
export const VERDICTS: readonly Verdict[] = ['AC', 'WA', 'PE', 'TLE', 'MLE', 'RE', 'OLE', 'CE', 'SE'];

/** A language definition plus the optional data the core understands beyond the plugin contract. */
export interface Language extends LanguageDefinition {
  /** Extra environment for compile and run (e.g. GOCACHE). */
  env?: Record<string, string>;
  /** Added to the memory limit (MB) given to the backend, for runtimes with a fixed overhead. */
  memoryExtraMb?: number;
  /** Stderr fragments that mean the runtime ran out of its own heap: such an RE is an MLE. */
  runtimeMemoryErrors?: string[];
  /** How to install the toolchain (shown by `verdict doctor`). */
  install?: string;
  /** A header built once per toolchain and used by every compile (precompiled-headers.ts). */
  precompiledHeader?: PrecompiledHeaderSpec;
  /** Where names matter (JVM languages): how a source's file name and entry class are found (sources.ts). */
  entry?: EntrySpec;
  /**
   * Files of these extensions whose text matches `pattern` (and not `unless`) are this language's,
   * although the extension names another: DOMjudge's `.pl` is Perl where Kattis's is Prolog.
   */
  contentClaim?: { extensions: string[]; pattern: string; unless?: string };
}

/**
 * Regular expressions (JavaScript syntax) over the sources. `fileName`: its first group names a
 * single source file (+ the extension of sourceFile), e.g. Java's public class. `declaration` and
 * `main`: the entry class is the last `declaration` (first group) before the first `main`.
 * `defaultClass` when none is found (default "Main"). `package`: its first group names the package
 * the entry class's file declares (Java's `package a.b;`), which qualifies the class's name.
 */
export interface EntrySpec {
  fileName?: string;
  declaration?: string;
  main?: string;
  defaultClass?: string;
  package?: string;
}

/**
 * `include`: the header as sources include it (`bits/stdc++.h`). `build`: the argv that compiles
 * a header file `{header}` (which includes it) into `{output}`. `use`: the arguments added after
 * the compiler's name so that compiles find it in `{dir}`. The compiler checks that the flags
 * match and otherwise ignores it, so a source that does not start with that include still
 * compiles as before.
 */
export interface PrecompiledHeaderSpec {
  include: string;
  build: string[];
  use: string[];
}

export interface LanguageStatus {
  language: Language;
  available: boolean;
  /** First line of the version probe's output when available. */
  version?: string;
  /** Why the language is unavailable. */
  reason?: string;
}

export interface TestCase {
  name: string;
  /** Host path of the input file. */
  input: string;
  /** Host path of the expected answer. */
  answer: string;
  sample: boolean;
  /** The output validator's flags for this test (Kattis testdata.yaml of its group), replacing the problem's. */
  validatorFlags?: string[];
}

/** How a problem's output is checked. */
export type CheckerSpec =
  | { kind: 'default' }
  | { kind: 'float'; absolute: number; relative: number }
  /**
   * The Kattis default output validator: token by token, case-insensitive unless case_sensitive,
   * whitespace-insensitive unless space_change_sensitive, numbers within float tolerances when
   * given (see checkers/tokens.ts). A test's validatorFlags replace `flags`.
   */
  | { kind: 'tokens'; flags: string[] }
  /** A testlib-style checker: `checker input output answer`, exit 0 AC, 1 WA, 2 PE, 3 FAIL. */
  | { kind: 'testlib'; source: string; limits?: ProgramLimits }
  /**
   * A CMS checker (CMS's italy_yaml `check/`, `cor/`, TPS's `checker/`): `checker input answer output`, exit 0,
   * its outcome (0 to 1) on stdout's first line, its message on stderr's first line.
   */
  | { kind: 'cms'; source: string; limits?: ProgramLimits }
  /**
   * A Kattis output validator: `validator input answer feedback_dir [flags] < output`, 42 AC, 43 WA.
   * `limits`: the package's (problem.yaml `limits.validation_*`), replacing the judge's own.
   */
  | { kind: 'kattis'; source: string; flags: string[]; limits?: ProgramLimits }
  /** A checker registered by a plugin. */
  | { kind: 'plugin'; name: string; options: Record<string, unknown> };

export interface ExpectedSubmission {
  /** Host path of the source file, or of the folder of a submission made of several files. */
  path: string;
  /** The files of the submission (one for a single file). */
  files: string[];
  /** The verdict its folder promises. */
  expected: Verdict;
  /** The verdicts that keep the promise (a run_time_error folder takes MLE too, as problemtools does). */
  accepts: Verdict[];
  /** The folder under submissions/ it came from. */
  folder: string;
  /** partially_accepted/ of a scoring problem: it must score more than 0 and less than the most. */
  partialScore?: boolean;
  /**
   * The file the runtime starts, named by the package (DOMjudge's submissions.json `entry_point`,
   * submissions.yaml `entrypoint`), relative to the submission's folder.
   */
  entryPoint?: string;
  /**
   * Expectations for parts of the test data (submissions.yaml, expectations.yaml): checked on
   * every test's verdict, so such a submission runs every test.
   */
  tests?: TestExpectation[];
  /** The score the package expects of it (submissions.yaml `score`, expectations.yaml `60`, `full score`). */
  score?: ScoreExpectation;
  /** Text the validator's message of some test holds (submissions.yaml `message`), any case. */
  message?: string;
}

/** What the tests of part of the test data may get (`sample: accepted`, `secret/huge: time limit exceeded`). */
export interface TestExpectation {
  /** The part as the package names it. */
  part: string;
  /** Matches the names of the tests it covers (`secret/3`). */
  pattern: RegExp;
  /** Every covered test gets one of these. */
  permitted?: Verdict[];
  /** Some covered test gets one of these. */
  required?: Verdict[];
  /** The score of each test data group it names (scoring problems). */
  score?: ScoreExpectation;
  /** Text the validator's message (judgemessage.txt) of some covered test holds, any case. */
  message?: string;
}

/** A score a submission (or a test data group) must get: between min and max, of the most possible when fractional. */
export interface ScoreExpectation {
  min: number;
  max: number;
  fractional: boolean;
}

/**
 * How a test's program meets its validator (Kattis `type`), absent for a batch problem (the
 * program reads the input and its output is checked afterwards). Interactive: the validator
 * (`problem.checker`, kind kattis or testlib) runs beside the program, its stdout piped to the
 * program's stdin and the program's stdout to its stdin; its exit code decides. Multi-pass: after a
 * pass the validator may write `nextpass.in` in its feedback folder, and the program runs again on
 * it, up to `maxPasses` passes (Kattis `limits.validation_passes`, default 2).
 */
export interface Interaction {
  interactive: boolean;
  multiPass: boolean;
  maxPasses: number;
  /**
   * Polygon's interactive problems (Verdict's problem.yaml `testlib_checker`): a testlib checker run on what the
   * testlib interactor wrote to output.txt, once the interactor accepts; its verdict is the test's.
   */
  checker?: { kind: 'testlib'; source: string };
}

/** Limits of a program the package names (each absent: the judge's own). */
export interface ProgramLimits {
  timeMs?: number;
  memoryMb?: number;
  outputMb?: number;
}

/** Kattis problem.yaml `limits` beyond time and memory (absent: the judge's own). */
export interface ResourceLimits {
  /** `limits.output`: the submission's output cap, MB. */
  outputMb?: number;
  /** `limits.code`: the submission's source files together, KiB. */
  codeKb?: number;
  /** `limits.compilation_time`, `limits.compilation_memory`: compiling a submission. */
  compile?: ProgramLimits;
  /** `limits.validation_time`, `limits.validation_memory`, `limits.validation_output`: the output validator. */
  validator?: ProgramLimits;
}

export interface Problem {
  name: string;
  /** Absent: a batch problem. */
  interaction?: Interaction;
  /** A scoring problem (Kattis type: scoring): its test data groups and the most it can score. */
  scoring?: { root: TestGroup; maxScore: number };
  /** Folder the package was loaded (or extracted) from. */
  dir: string;
  timeLimitMs: number;
  /**
   * Where the time limit came from: the package, or a default because it names none. A Kattis
   * package without one gets its limit from its accepted submissions (`verdict problem validate`):
   * the slowest one's time × `timeMultiplier`, rounded to whole seconds, as problemtools does.
   */
  timeLimitFrom?: 'package' | 'default';
  timeMultiplier?: number;
  /**
   * `problem validate`: a time_limit_exceeded submission must still exceed the time limit × this
   * (Kattis legacy `limits.time_safety_margin`, default 2; 2023-07 and 2025-09
   * `limits.time_multipliers.time_limit_to_tle`, default 1.5).
   */
  timeSafetyMargin?: number;
  /**
   * 2023-07 and 2025-09 `limits.time_resolution` in seconds (default 1): a time limit derived from
   * the submissions is rounded up to a multiple of it. Legacy packages round to whole seconds.
   */
  timeResolution?: number;
  /** A Kattis package's format version (absent for flat packages). */
  formatVersion?: 'legacy' | '2023-07' | '2025-09';
  memoryLimitMb: number;
  /** Whether the languages' time and memory factors apply (false for formats that do not apply them, like Kattis). */
  languageFactors?: boolean;
  /** The package's limits on output, source size, compiling and validating (Kattis `limits`). */
  resourceLimits?: ResourceLimits;
  /**
   * The languages a submission may be in, as Kattis language codes (problem.yaml `languages`);
   * absent: every language. See allowsLanguage.
   */
  languages?: string[];
  /** problem.yaml `keywords`: metadata, not used in judging. */
  keywords?: string[];
  /**
   * Kattis `include/`: files added to every submission before it is compiled, from
   * `include/<language>/` or else `include/default/` (a driver, a header), overwriting the
   * submission's own of the same name.
   */
  includeDir?: string;
  tests: TestCase[];
  checker: CheckerSpec;
  statement: { markdown?: string; pdfPath?: string; texPath?: string };
  submissions: ExpectedSubmission[];
  /** Things under submissions/ that are not judged, each with why (an unknown folder, a file no language claims). */
  submissionNotes?: string[];
  /** sha256 over the package's files (paths and contents). */
  hash: string;
}

export type TimeLimitKind = 'cpu' | 'wall';

export interface TestResult {
  name: string;
  verdict: Verdict;
  timeMs: number;
  /** Wall-clock time of the run, ms (the longest pass of a multi-pass test); absent where nothing ran. */
  wallMs?: number;
  memoryKb: number;
  /** A TLE's deciding limit: the CPU time limit, or the wall-clock one (a program that sleeps or waits). */
  tleBy?: TimeLimitKind;
  /** Checker message or the limit hit, for people; not part of the public JSON. */
  message?: string;
  /** What a scoring validator gave the test (score.txt). */
  score?: number;
}

export interface JudgeResult {
  verdict: Verdict;
  /** Max CPU time over the tests run, ms. */
  timeMs: number;
  /** Max peak memory over the tests run, KiB. */
  memoryKb: number;
  compileMessage: string;
  tests: TestResult[];
  /** Scoring problems: the score, the most possible, and each test data group's (root last). */
  score?: number;
  maxScore?: number;
  groups?: GroupResult[];
  /** Where the judging's wall time went; set by the judge core (absent on results made elsewhere, e.g. SE). */
  timings?: JudgeTimings;
}

/**
 * Wall-clock milliseconds of the judging phases (for administrators and bench/latency.ts). The
 * phases do not overlap, so their sum is at most `totalMs`; the rest is work-dir set-up and removal.
 */
export interface JudgeTimings {
  /** The compiler's run (0 for a language without a compile step). */
  compileMs: number;
  /** Every test's program run through the backend, re-runs included. */
  runMs: number;
  /** Every call of the checker. */
  checkMs: number;
  /** The whole judging of the submission, work folders created to work folders removed. */
  totalMs: number;
}

export interface JudgeProgress {
  phase: 'compiling' | 'running' | 'done';
  /** 1-based index of the test just finished (running); 0 when the first is about to run. */
  index?: number;
  total: number;
  test?: TestResult;
}

// Scoring problems' test data groups (scoring.ts judges them).
export type Aggregation = 'sum' | 'min' | 'max' | 'avg';

export interface ScoringSettings {
  onReject: 'break' | 'continue';
  aggregation: Aggregation;
  verdictRule: 'first_error' | 'worst_error' | 'accept_if_any_accepted';
  acceptScore: number;
  rejectScore: number;
  /** The group's score is clamped to this range. */
  range: [number, number];
  /** The group's worth: its children's aggregate scaled to it (2023-07 `scoring.score`, or `score`). */
  score?: number;
  /** Root only: data/sample does not count. */
  ignoreSample: boolean;
}

export interface TestGroup {
  /** 'data', 'sample', 'secret', 'secret/group1'. */
  name: string;
  settings: ScoringSettings;
  /** Test indexes (into problem.tests) and subgroups, in judging order. */
  children: (number | TestGroup)[];
}

export interface GroupResult {
  name: string;
  verdict: Verdict;
  score: number;
  maxScore: number;
}

export interface ScoredResult {
  verdict: Verdict;
  score: number;
  maxScore: number;
  /** Every group, depth first, the root last. */
  groups: GroupResult[];
}

/** A test's result and, for a validator that scores (validation: custom score), its score. */
export type ScoredTest = TestResult & { score?: number };
