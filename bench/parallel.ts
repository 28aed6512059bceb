// Judging at once on N cores, fairly: a CPU-bound program (a fixed loop, ~750 ms here) run in
// sessions one at a time, then N sessions at once pinned one per core (cpus: 'auto'), then N at
// once unpinned (cpus: 'off'), interleaved; medians of the CPU time each run is charged and of
// its wall time, and the wall time of each whole round. Fair means: the CPU time of a run at
// once equals its CPU time alone (within noise), so judging in parallel changes no verdict.
// Usage: npm run bench -- parallel [ROUNDS=5]
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandboxBackend, type SandboxBackend } from '@verdict/sandbox-bwrap';
import { loadAverage } from './lib/judge-server.ts';

const ROUNDS = Number(process.argv[2] ?? 5);
const LOOP = `#include <stdio.h>
int main(void) { volatile unsigned long x = 0; for (unsigned long i = 0; i < 400000000UL; i++) x += i; printf("%lu\\n", x); return 0; }
`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const dir = mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-parallel-'));
chmodSync(dir, 0o755);
const work = path.join(dir, 'work');
const inputs = path.join(dir, 'in');
mkdirSync(work, { mode: 0o755 });
mkdirSync(inputs, { mode: 0o755 });
writeFileSync(path.join(inputs, 'empty'), '');
writeFileSync(path.join(dir, 'loop.c'), LOOP);
execFileSync('gcc', ['-O2', '-o', path.join(work, 'prog'), path.join(dir, 'loop.c')]);
const limits = { cpuMs: 5000, memoryKb: 64 * 1024 };

async function session(backend: SandboxBackend): Promise<{ cpuMs: number; wallMs: number }> {
  const s = await backend.openSession({ argv: ['./prog'], workDir: work, inputDir: inputs, limits });
  try {
    const r = await s.run({ stdin: { file: path.join(inputs, 'empty') } });
    if (r.status !== 'OK') throw new Error(`${r.status} ${r.message}`);
    return { cpuMs: r.cpuMs, wallMs: r.wallMs };
  } finally {
    await s.close();
  }
}

const pinned = createSandboxBackend({ cpus: 'auto' });
const unpinned = createSandboxBackend({ cpus: 'off' });
try {
  const cores = Number((await pinned.check()).capabilities.cpus?.toString().split(': ')[1]?.split(',').length ?? 0);
  if (!cores) throw new Error(`cannot pin here: ${(await pinned.check()).capabilities.cpus}`);
  const figures: Record<string, { cpu: number[]; wall: number[]; round: number[] }> = {
    alone: { cpu: [], wall: [], round: [] },
    [`${cores} at once, pinned`]: { cpu: [], wall: [], round: [] },
    [`${cores} at once, unpinned`]: { cpu: [], wall: [], round: [] },
  };
  console.log(`a fixed CPU loop, ${ROUNDS} rounds, ${cores} cores; ${loadAverage()} (before)`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, backend, n] of [
      ['alone', pinned, 1],
      [`${cores} at once, pinned`, pinned, cores],
      [`${cores} at once, unpinned`, unpinned, cores],
    ] as const) {
      const t = performance.now();
      const results = await Promise.all(Array.from({ length: n }, () => session(backend)));
      figures[name].round.push(performance.now() - t);
      for (const r of results) {
        figures[name].cpu.push(r.cpuMs);
        figures[name].wall.push(r.wallMs);
      }
    }
  }
  for (const [name, f] of Object.entries(figures)) {
    console.log(`${name.padEnd(22)} CPU ${median(f.cpu).toFixed(1).padStart(7)} ms (min ${Math.min(...f.cpu).toFixed(1)}, max ${Math.max(...f.cpu).toFixed(1)})  wall ${median(f.wall).toFixed(1).padStart(7)} ms  round ${median(f.round).toFixed(0).padStart(5)} ms`);
  }
  console.log(`${loadAverage()} (after)`);
} finally {
  await pinned.close();
  await unpinned.close();
  rmSync(dir, { recursive: true, force: true });
}
