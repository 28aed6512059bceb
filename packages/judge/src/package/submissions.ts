// submissions/<expected verdict>/ of a Kattis or DOMjudge package: what each folder promises,
// single files and folders (a submission of several files), DOMjudge's @EXPECTED_RESULTS@ in a
// source, and the files that are not submissions (ignored as problemtools ignores them).
import { open, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ExpectedSubmission, Verdict } from '../types.ts';
import { listFiles } from './files.ts';
import { naturalCompare } from './natural-sort.ts';

const NOT_AC: Verdict[] = ['WA', 'PE', 'TLE', 'MLE', 'RE', 'OLE'];

/**
 * Each folder's promise and the verdicts that keep it. problemtools and DOMjudge report a
 * program that runs out of memory as a run-time error and one that writes too much as a wrong
 * answer or a run-time error, where Verdict's judge says MLE and OLE: those count too.
 */
export const SUBMISSION_FOLDERS: Record<string, { expected: Verdict; accepts: Verdict[] }> = {
  accepted: { expected: 'AC', accepts: ['AC'] },
  wrong_answer: { expected: 'WA', accepts: ['WA', 'PE', 'OLE'] },
  presentation_error: { expected: 'PE', accepts: ['PE'] },
  time_limit_exceeded: { expected: 'TLE', accepts: ['TLE'] },
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

/** DOMjudge's result names in `@EXPECTED_RESULTS@:` lines. */
const DOMJUDGE_RESULTS: Record<string, Verdict[]> = {
  CORRECT: ['AC'],
  'WRONG-ANSWER': ['WA', 'PE'],
  TIMELIMIT: ['TLE'],
  'RUN-ERROR': ['RE', 'MLE'],
  'COMPILER-ERROR': ['CE'],
  'NO-OUTPUT': ['WA'],
  'OUTPUT-LIMIT': ['OLE'],
  'MEMORY-LIMIT': ['MLE', 'RE'],
};

/** Files that are not submissions: hidden files, editor leftovers, disabled ones, notes. */
const IGNORED = [/^\./, /~$/, /^#.*#$/, /\.(swp|swo|bak|orig|rej|disabled|template|md|txt|gitkeep)$/i, /^README/i];

export function isIgnoredSubmissionFile(name: string): boolean {
  return IGNORED.some((re) => re.test(name));
}

/** `scoring`: a scoring problem, where partially_accepted/ holds submissions that score some but not all. */
export async function readSubmissions(dir: string, scoring = false): Promise<{ submissions: ExpectedSubmission[]; notes: string[] }> {
  const base = path.join(dir, 'submissions');
  const submissions: ExpectedSubmission[] = [];
  const notes: string[] = [];
  const folders = await readdir(base, { withFileTypes: true }).catch(() => []);
  for (const folder of folders.sort((a, b) => naturalCompare(a.name, b.name))) {
    if (!folder.isDirectory() || isIgnoredSubmissionFile(folder.name)) continue;
    const promise = scoring && folder.name === 'partially_accepted' ? PARTIALLY_ACCEPTED : SUBMISSION_FOLDERS[folder.name];
    if (!promise) {
      const why = folder.name === 'partially_accepted' ? 'partial scores need a scoring problem' : 'not a folder name of the Kattis or DOMjudge formats';
      notes.push(`submissions/${folder.name}/ is not judged: ${why}`);
      continue;
    }
    const entries = await readdir(path.join(base, folder.name), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => naturalCompare(a.name, b.name))) {
      if (isIgnoredSubmissionFile(entry.name)) continue;
      const at = path.join(base, folder.name, entry.name);
      const files = entry.isDirectory() ? (await listFiles(at)).filter((f) => !f.split(path.sep).some(isIgnoredSubmissionFile)).map((f) => path.join(at, f)) : entry.isFile() ? [at] : [];
      if (files.length === 0) continue;
      const expectedResults = await domjudgeExpectations(files);
      submissions.push({
        path: at,
        files,
        folder: folder.name,
        expected: expectedResults ? expectedResults[0] : promise.expected,
        accepts: expectedResults ?? promise.accepts,
        ...(promise === PARTIALLY_ACCEPTED ? { partialScore: true } : {}),
      });
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
    const m = /@EXPECTED_RESULTS@:?\s*([A-Z, -]+)/.exec(head);
    if (!m) continue;
    const verdicts = m[1].split(/[,\s]+/).filter(Boolean).flatMap((name) => DOMJUDGE_RESULTS[name] ?? []);
    if (verdicts.length > 0) return [...new Set(verdicts)];
  }
  return undefined;
}
