// Small C programs the conformance suites (and the sandbox's own tests) run, compiled once per
// test process with gcc, and helpers to give each run a fresh work dir holding the program.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const C_PROGRAMS = {
  cpuLoop: 'int main(void) { volatile unsigned long n = 0; for (;;) n++; }',
  /** Burns argv[1] ms of its own CPU time, then exits 0. */
  burnCpu: `#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  double want = atof(argv[1]) / 1000.0;
  struct timespec t;
  volatile unsigned long n = 0;
  do { for (int i = 0; i < 100000; i++) n++; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); }
  while (t.tv_sec + t.tv_nsec / 1e9 < want);
  return 0;
}`,
  /** Allocates and touches argv[1] MiB, then exits 0. */
  touchMemory: `#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
  size_t bytes = (size_t)atol(argv[1]) << 20;
  char *p = malloc(bytes);
  if (!p) return 1;
  memset(p, 1, bytes);
  return p[bytes / 2] == 1 ? 0 : 2;
}`,
  /** Writes argv[1] MiB of output. */
  bigOutput: `#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
  static char buf[1 << 16];
  memset(buf, 'x', sizeof buf);
  long chunks = atol(argv[1]) * 16;
  for (long i = 0; i < chunks; i++) if (write(1, buf, sizeof buf) < 0) return 1;
  return 0;
}`,
};

export type ProgramName = keyof typeof C_PROGRAMS;

let buildDir: string | undefined;
const built = new Map<string, string>();

/** Compiles `source` (C) once; returns the host path of the binary. */
export function compileC(name: string, source: string, flags: string[] = []): string {
  const cached = built.get(name);
  if (cached) return cached;
  buildDir ??= mkdtempSync(path.join(os.tmpdir(), 'verdict-sandbox-progs-'));
  const src = path.join(buildDir, `${name}.c`);
  const bin = path.join(buildDir, name);
  writeFileSync(src, source);
  execFileSync('gcc', ['-O2', '-o', bin, src, ...flags], { stdio: 'pipe' });
  built.set(name, bin);
  return bin;
}

export function cleanupPrograms(): void {
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  buildDir = undefined;
  built.clear();
}

/** Work dirs made by makeWorkDir, removed by cleanupWorkDirs. */
const workDirs: string[] = [];

/** A fresh work dir, optionally holding a copy of `binary` as ./prog. */
export function makeWorkDir(binary?: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'verdict-sandbox-work-'));
  workDirs.push(dir);
  if (binary) copyFileSync(binary, path.join(dir, 'prog'));
  return dir;
}

export function cleanupWorkDirs(): void {
  for (const dir of workDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
