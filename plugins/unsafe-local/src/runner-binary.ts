// The small C runner (runner.c) reports a child's CPU time and peak RSS, which Node cannot read
// for child processes. It is compiled once per source version into a cache folder.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sourcePath = new URL('./runner.c', import.meta.url).pathname;
const building = new Map<string, Promise<string>>();

export function runnerBinary(cacheDir = path.join(os.tmpdir(), 'verdict-unsafe-local')): Promise<string> {
  let pending = building.get(cacheDir);
  if (!pending) {
    pending = build(cacheDir);
    pending.catch(() => building.delete(cacheDir));
    building.set(cacheDir, pending);
  }
  return pending;
}

async function build(cacheDir: string): Promise<string> {
  const source = await readFile(sourcePath);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const binary = path.join(cacheDir, `runner-${hash}`);
  if (await exists(binary)) return binary;
  await mkdir(cacheDir, { recursive: true });
  const temp = `${binary}.${process.pid}.${Date.now()}`;
  try {
    await run('gcc', ['-O2', '-o', temp, sourcePath]);
  } catch (err) {
    throw new Error(`unsafe-local needs gcc to build its runner: ${(err as Error).message}`);
  }
  await rename(temp, binary);
  return binary;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
