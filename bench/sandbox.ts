// Overhead of the `sandbox` backend per run: an A+B C++ program (g++ -O2) run N times bare
// (child_process.spawn) and N times through the backend, interleaved, plus the CPU the backend
// reports for a trivial program. For scale on a busy machine it also times plain bubblewrap
// (same namespaces, /usr and the work dir only, no cgroups/seccomp): the floor of this design.
// The backend does some work after a run in the background (removing the run's cgroup,
// starting the launcher of the next run): the bare and plain-bwrap runs wait for it
// (backend.idle()) so it is not counted in their figures; a final series of N back-to-back
// backend runs shows the cost when that work overlaps the next run.
// Usage: npm run bench -- sandbox [N=200] [tmpfs|bind]
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandboxBackend } from '@verdict/sandbox-bwrap';

const runs = Number(process.argv[2] ?? 200);
const workDirMode = process.argv[3] === 'bind' ? 'bind' : 'tmpfs';
const limits = { cpuMs: 1000, memoryKb: 256 * 1024 };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function runBare(argv: string[], input: string, uid?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const ids = uid === undefined ? {} : { uid, gid: uid };
    const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'ignore'], ...ids });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('close', () => resolve(out));
    child.stdin.end(input);
  });
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-sandbox-'));
chmodSync(workDir, 0o755); // plain bwrap runs as uid 65534 and binds it
try {
  writeFileSync(path.join(workDir, 'ab.cpp'), '#include <cstdio>\nint main() { long a, b; if (scanf("%ld %ld", &a, &b) != 2) return 1; printf("%ld\\n", a + b); }\n');
  execFileSync('g++', ['-O2', '-o', path.join(workDir, 'ab'), path.join(workDir, 'ab.cpp')]);
  const backend = createSandboxBackend({ workDirMode });
  const report = await backend.check();
  if (!report.ok) throw new Error(`sandbox unusable: ${report.problems.join('; ')}`);

  const bwrapArgv = ['/usr/bin/bwrap', '--unshare-all', '--die-with-parent', '--ro-bind', '/usr', '/usr',
    '--symlink', 'usr/lib64', '/lib64', '--symlink', 'usr/lib', '/lib', '--bind', workDir, '/work', '--chdir', '/work', './ab'];
  const bare: number[] = [];
  const plainBwrap: number[] = [];
  const sandboxed: number[] = [];
  const trivialCpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const input = `${i} ${i + 1}\n`;
    await backend.idle();
    let t = performance.now();
    const out = await runBare([path.join(workDir, 'ab')], input);
    bare.push(performance.now() - t);
    t = performance.now();
    const bwrapOut = await runBare(bwrapArgv, input, 65534);
    plainBwrap.push(performance.now() - t);
    if (bwrapOut !== out) throw new Error(`plain bwrap run ${i}: ${bwrapOut}`);
    t = performance.now();
    const r = await backend.run({ argv: ['./ab'], workDir, stdin: input, limits });
    sandboxed.push(performance.now() - t);
    if (r.status !== 'OK' || r.stdout !== out) throw new Error(`run ${i}: ${r.status} ${r.message ?? ''} ${r.stdout}`);
    const trivial = await backend.run({ argv: ['/bin/true'], workDir, limits });
    trivialCpu.push(trivial.cpuMs);
  }
  const backToBack: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = await backend.run({ argv: ['./ab'], workDir, stdin: `${i} ${i}\n`, limits });
    backToBack.push(performance.now() - t);
    if (r.status !== 'OK' || r.stdout !== `${2 * i}\n`) throw new Error(`back-to-back run ${i}: ${r.status} ${r.stdout}`);
  }
  const bareMs = median(bare);
  const sandboxMs = median(sandboxed);
  console.log(
    `A+B (g++ -O2), ${runs} runs each, interleaved, work dir ${workDirMode}, ${os.cpus().length} CPUs, ` +
      `load average ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log(`bare spawn            median ${bareMs.toFixed(2)} ms`);
  console.log(`plain bwrap (floor)   median ${median(plainBwrap).toFixed(2)} ms`);
  console.log(`sandbox backend       median ${sandboxMs.toFixed(2)} ms`);
  console.log(`overhead              ${(sandboxMs - bareMs).toFixed(2)} ms per run (ratio ${(sandboxMs / bareMs).toFixed(2)}×)`);
  console.log(`reported CPU of /bin/true   median ${median(trivialCpu).toFixed(3)} ms`);
  console.log(`sandbox backend, ${runs} runs back to back   median ${median(backToBack).toFixed(2)} ms`);
  await backend.close();
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
