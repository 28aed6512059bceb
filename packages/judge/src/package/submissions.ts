// submissions/<expected verdict>/ of a Kattis or DOMjudge package: what each folder promises,
// single files and folders (a submission of several files), DOMjudge's @EXPECTED_RESULTS@ in a
// source, and the files that are not submissions (ignored as problemtools ignores them).
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ExpectedSubmission, Verdict } from '../types.ts';
import { intersect, submissionRules } from './expectations.ts';
import { listFiles } from './files.ts';
import { naturalCompare } from './natural-sort.ts';

const NOT_AC: Verdict[] = ['WA', 'PE', 'TLE', 'MLE', 'RE', 'OLE'];
/** Any verdict of a program that ran. */
const RUN_VERDICTS: Verdict[] = ['AC', ...NOT_AC];

/**
 * Each folder's promise and the verdicts that keep it. problemtools and DOMjudge report a
 * program that runs out of memory as a run-time error and one that writes too much as a wrong
 * answer or a run-time error, where Verdict's judge says MLE and OLE: those count too. A program
 * that writes without end is stopped at the output cap (OLE), where DOMjudge truncates its output
 * and lets it run into the time limit: OLE keeps time_limit_exceeded too.
 */
export const SUBMISSION_FOLDERS: Record<string, { expected: Verdict; accepts: Verdict[] }> = {
  accepted: { expected: 'AC', accepts: ['AC'] },
  wrong_answer: { expected: 'WA', accepts: ['WA', 'PE', 'OLE'] },
  presentation_error: { expected: 'PE', accepts: ['PE'] },
  time_limit_exceeded: { expected: 'TLE', accepts: ['TLE', 'OLE'] },
  memory_limit_exceeded: { expected: 'MLE', accepts: ['MLE', 'RE'] },
  run_time_error: { expected: 'RE', accepts: ['RE', 'MLE', 'OLE'] },
  output_limit_exceeded: { expected: 'OLE', accepts: ['OLE', 'WA', 'RE'] },
  output_limit: { expected: 'OLE', accepts: ['OLE', 'WA', 'RE'] },
  no_output: { expected: 'WA', accepts: ['WA'] },
  compile_error: { expected: 'CE', accepts: ['CE'] },
  compiler_error: { expected: 'CE', accepts: ['CE'] },
  // 2023-07 and BAPCtools: anything but accepted; brute force may be too slow or crash.
  rejected: { expected: 'WA', accepts: NOT_AC },
  brute_force: { expected: 'TLE', accepts: ['AC', 'TLE', 'RE', 'MLE'] },
  slow_accepted: { expected: 'AC', accepts: ['AC', 'TLE'] },
};

/** Scoring problems: rejected by some test, yet scoring more than nothing and less than all. */
const PARTIALLY_ACCEPTED = { expected: 'WA' as Verdict, accepts: NOT_AC };

/**
 * DOMjudge's result names in `@EXPECTED_RESULTS@:` lines (and `@EXPECTED_SCORE@:`), after DOMjudge's
 * own remapping of the Kattis names: upper case, `_` read as `-` (RUN_TIME_ERROR is RUN-ERROR,
 * ACCEPTED is CORRECT). A program that writes without end runs into the time limit in DOMjudge,
 * which truncates its output, where Verdict stops it at the output cap: OLE keeps TIMELIMIT.
 */
const DOMJUDGE_RESULTS: Record<string, Verdict[]> = {
  CORRECT: ['AC'],
  ACCEPTED: ['AC'],
  'WRONG-ANSWER': ['WA', 'PE'],
  TIMELIMIT: ['TLE', 'OLE'],
  'TIME-LIMIT-EXCEEDED': ['TLE', 'OLE'],
  'RUN-ERROR': ['RE', 'MLE'],
  'RUN-TIME-ERROR': ['RE', 'MLE'],
  'COMPILER-ERROR': ['CE'],
  'COMPILE-ERROR': ['CE'],
  'NO-OUTPUT': ['WA'],
  'OUTPUT-LIMIT': ['OLE'],
  'OUTPUT-LIMIT-EXCEEDED': ['OLE'],
  'MEMORY-LIMIT': ['MLE', 'RE'],
  'MEMORY-LIMIT-EXCEEDED': ['MLE', 'RE'],
};

/** Files that are not submissions: hidden files, editor leftovers, disabled ones, notes. */
const IGNORED = [/^\./, /~$/, /^#.*#$/, /\.(swp|swo|bak|orig|rej|disabled|template|md|txt|gitkeep)$/i, /^README/i];

/** Compiled files (a `.class` left beside its source): problemtools skips them with a warning. */
const COMPILED = /\.(class|o|obj|pyc|pyo|exe|jar)$/i;

export function isIgnoredSubmissionFile(name: string): boolean {
  return IGNORED.some((re) => re.test(name));
}

/** `scoring`: a scoring problem, where partially_accepted/ holds submissions that score some but not all. */
export async function readSubmissions(dir: string, scoring = false): Promise<{ submissions: ExpectedSubmission[]; notes: string[] }> {
  const base = path.join(dir, 'submissions');
  const submissions: ExpectedSubmission[] = [];
  const notes: string[] = [];
  const { rules, notes: ruleNotes } = await submissionRules(dir);
  notes.push(...ruleNotes);
  const folders = await readdir(base, { withFileTypes: true }).catch(() => []);
  for (const folder of folders.sort((a, b) => naturalCompare(a.name, b.name))) {
    if (!folder.isDirectory() || isIgnoredSubmissionFile(folder.name)) continue;
    const promise = scoring && folder.name === 'partially_accepted' ? PARTIALLY_ACCEPTED : SUBMISSION_FOLDERS[folder.name];
    const unjudged: string[] = [];
    const compiled: string[] = [];
    const entries = await readdir(path.join(base, folder.name), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => naturalCompare(a.name, b.name))) {
      if (isIgnoredSubmissionFile(entry.name)) continue;
      if (entry.isFile() && COMPILED.test(entry.name)) {
        compiled.push(entry.name);
        continue;
      }
      const at = path.join(base, folder.name, entry.name);
      const all = entry.isDirectory() ? (await listFiles(at)).map((f) => path.join(at, f)) : entry.isFile() ? [at] : [];
      const files = all.filter((f) => !path.relative(path.dirname(at), f).split(path.sep).some(isIgnoredSubmissionFile) && !COMPILED.test(f));
      if (files.length === 0) continue;
      // A DOMjudge tag in any of its files (expected_result.txt included), else what
      // submissions.yaml says of it, else its folder's promise.
      const tagged = await domjudgeExpectations(all);
      const rel = path.relative(base, at).split(path.sep).join('/');
      const ruled = rules.filter((r) => r.matches(rel));
      const permitted = intersect(ruled.map((r) => r.accepts).filter((a): a is Verdict[] => a !== undefined));
      const tests = ruled.flatMap((r) => r.tests);
      const score = ruled.map((r) => r.score).find((s) => s !== undefined);
      const message = ruled.map((r) => r.message).find((m) => m !== undefined);
      // Expectations only for parts of the test data, or only a score, leave the final verdict open (not CE).
      const accepts = tagged ?? permitted ?? promise?.accepts ?? (tests.length > 0 || score || message !== undefined ? RUN_VERDICTS : undefined);
      if (!accepts || accepts.length === 0) {
        unjudged.push(entry.name);
        continue;
      }
      const entryPoint = ruled.map((r) => r.entryPoint).find((e) => e !== undefined);
      submissions.push({
        path: at,
        files,
        folder: folder.name,
        expected: tagged || permitted || !promise ? accepts[0] : promise.expected,
        accepts,
        ...(tests.length > 0 ? { tests } : {}),
        ...(score ? { score } : {}),
        ...(message !== undefined ? { message } : {}),
        ...(promise === PARTIALLY_ACCEPTED && !tagged && !permitted && !score ? { partialScore: true } : {}),
        ...(entryPoint !== undefined && entry.isDirectory() ? { entryPoint } : {}),
      });
    }
    if (compiled.length > 0) notes.push(`submissions/${folder.name}/{${compiled.join(', ')}} skipped: compiled files, not sources`);
    if (unjudged.length > 0) {
      const why = folder.name === 'partially_accepted' && !scoring ? 'partial scores need a scoring problem' : 'not a folder name of the Kattis or DOMjudge formats, and no @EXPECTED_RESULTS@ tag, submissions.yaml or expectations.yaml entry says what to expect';
      const what = unjudged.length === entries.filter((e) => !isIgnoredSubmissionFile(e.name)).length - compiled.length ? `submissions/${folder.name}/` : `submissions/${folder.name}/{${unjudged.join(', ')}}`;
      notes.push(`${what} is not judged: ${why}`);
    }
  }
  return { submissions, notes };
}

/** `@EXPECTED_RESULTS@: CORRECT, TIMELIMIT` in a source (DOMjudge) replaces the folder's promise. */
async function domjudgeExpectations(files: string[]): Promise<Verdict[] | undefined> {
  for (const file of files) {
    const handle = await open(file, 'r');
    let head: string;
    try {
      const buffer = Buffer.alloc(16 << 10);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead).toString('latin1');
    } finally {
      await handle.close();
    }
    // The names end at the line's end (a tag with nothing after it says nothing); a tag named
    // in a comment ("how to use the @EXPECTED_RESULTS@: tag") names no result: the next one counts.
    for (const m of head.matchAll(/@EXPECTED_(?:RESULTS|SCORE)@:?[^\S\n]*([A-Za-z_, \t-]*)/g)) {
      const names = m[1].split(/[,\s]+/).filter(Boolean).map((name) => name.toUpperCase().replaceAll('_', '-'));
      const verdicts = names.flatMap((name) => DOMJUDGE_RESULTS[name] ?? []);
      if (verdicts.length > 0) return [...new Set(verdicts)];
    }
  }
  return undefined;
}
