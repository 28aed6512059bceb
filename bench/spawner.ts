// What the launcher spawner saves per single sandbox run (a special judge's run) and per
// interactive run (two sandboxes joined): the same runs on two backends in this process, one
// starting its launchers through the spawner, one forking the judge for each (the fallback,
// forced by a spawner binary that cannot be executed). The process first grows to ~100 MB, the
// size of a judge, since a fork's cost grows with it. Series interleaved; medians per run of the
// wall time and of this process's own CPU (user + system: the fork is charged here).
// Usage: npm run bench -- spawner [SERIES=3] [RUNS=100]
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandboxBackend, type SandboxBackend } from '@verdict/sandbox-bwrap';
import { loadAverage } from './lib/judge-server.ts';

const SERIES = Number(process.argv[2] ?? 3);
const RUNS = Number(process.argv[3] ?? 100);
const ballast = Buffer.alloc(96 << 20, 1);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const tmp = mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-spawner-'));
chmodSync(tmp, 0o755);
const forkedCache = path.join(tmp, 'cache');
const spawning = createSandboxBackend({ workDirMode: 'bind' });
const forking = createSandboxBackend({ workDirMode: 'bind', cacheDir: forkedCache });
await forking.check();
await forking.close();
const spawnerBinary = readdirSync(forkedCache).find((f) => f.startsWith('launcher-spawner-') && !f.includes('.'))!;
chmodSync(path.join(forkedCache, spawnerBinary), 0o644);

const limits = { cpuMs: 1000, memoryKb: 65536 };
const workDir = (name: string) => {
  const dir = path.join(tmp, name);
  rmSync(dir, { recursive: true, force: true });
  return mkdtempSync(dir);
};
const single = (backend: SandboxBackend, dir: string) => backend.run({ argv: ['/bin/cat'], workDir: dir, stdin: 'x\n', limits });
const interactive = (backend: SandboxBackend, a: string, b: string) =>
  backend.runInteractive({
    program: { argv: ['/bin/sh', '-c', 'read x; echo $x'], workDir: a, limits },
    validator: { argv: ['/bin/sh', '-c', 'echo 7; read y; [ "$y" = 7 ]'], workDir: b, limits },
  });

interface Figures {
  wallMs: number;
  cpuMs: number;
}

async function measure(run: () => Promise<unknown>): Promise<Figures> {
  const walls: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    walls.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  return { wallMs: median(walls), cpuMs: (cpu.user + cpu.system) / 1000 / RUNS };
}

const results: Record<string, Figures[]> = {};
const record = (name: string, f: Figures) => (results[name] ??= []).push(f);
const dirs = { a: workDir('a'), b: workDir('b'), c: workDir('c') };
for (const d of Object.values(dirs)) chmodSync(d, 0o755);
for (const backend of [spawning, forking]) await single(backend, dirs.a); // warm up: helpers, spares

console.log(`load before: ${loadAverage()}; ${RUNS} runs per series, ${SERIES} series; RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB (ballast ${ballast.length >> 20} MB)`);
for (let s = 0; s < SERIES; s++) {
  record('single, spawner', await measure(() => single(spawning, dirs.a)));
  record('single, forked', await measure(() => single(forking, dirs.a)));
  record('interactive, spawner', await measure(() => interactive(spawning, dirs.b, dirs.c)));
  record('interactive, forked', await measure(() => interactive(forking, dirs.b, dirs.c)));
}
console.log(`load after: ${loadAverage()}`);
console.log('| run | launchers | wall per run, ms (median of each series) | judge CPU per run, ms (each series) |');
console.log('|---|---|---|---|');
for (const [name, series] of Object.entries(results)) {
  const [kind, how] = name.split(', ');
  console.log(`| ${kind} | ${how} | ${series.map((f) => f.wallMs.toFixed(2)).join(' / ')} | ${series.map((f) => f.cpuMs.toFixed(2)).join(' / ')} |`);
}
console.log(`spawner: ${JSON.stringify(await spawning.launcherSpawner())}; fallback: ${(await forking.launcherSpawner()).problem}`);
await spawning.close();
await forking.close();
rmSync(tmp, { recursive: true, force: true });
