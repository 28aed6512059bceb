// Shared by the judge tests: one judge per process on the real backend (the sandbox unless
// VERDICT_TEST_BACKEND says otherwise) and small problem packages written to temp folders.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJudge, loadProblemPackage, type Judge, type Problem } from '@verdict/judge';

export const TEST_BACKEND = process.env.VERDICT_TEST_BACKEND ?? 'sandbox';
export const REPO_ROOT = path.resolve(new URL('.', import.meta.url).pathname, '../..');

let judge: Promise<Judge> | undefined;
export function testJudge(): Promise<Judge> {
  judge ??= createJudge({ backend: TEST_BACKEND });
  return judge;
}

const tempDirs: string[] = [];
export function tempDir(prefix = 'verdict-judge-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}
/** after() hook: removes the temp folders and lets the backend release its work dir mounts. */
export async function removeTempDirs(): Promise<void> {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await (await judge)?.close();
}

/** Writes files (relative path → content) under a new temp folder and returns it. */
export function writeTree(files: Record<string, string | Buffer>, dir = tempDir()): string {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return dir;
}

export interface TinyProblem {
  tests: [input: string, answer: string][];
  yaml?: string;
  extra?: Record<string, string>;
}

/** A Kattis-layout package with the given tests under data/secret, loaded like any upload. */
export async function tinyProblem({ tests, yaml = 'name: Tiny\nlimits:\n  time_limit: 1\n  memory: 64\n', extra = {} }: TinyProblem): Promise<Problem> {
  const files: Record<string, string> = { 'problem.yaml': yaml, ...extra };
  tests.forEach(([input, answer], i) => {
    files[`data/secret/${i + 1}.in`] = input;
    files[`data/secret/${i + 1}.ans`] = answer;
  });
  return loadProblemPackage(writeTree(files));
}
