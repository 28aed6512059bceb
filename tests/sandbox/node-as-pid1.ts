// Run as pid 1 of a pid namespace (`unshare --pid --fork --mount-proc node --import tsx ...`),
// like a judge in a container whose pid 1 is node, which reaps only the children it spawned:
// runs programs through the sandbox, ending some normally and some at their limits, then prints
// the zombies whose parent is pid 1 as JSON (nothing of a run may be left for pid 1 to reap).
import { readdirSync, readFileSync } from 'node:fs';
import { createSandboxBackend } from '@verdict/sandbox-bwrap';
import { makeWorkDir, cleanupWorkDirs } from '@verdict/plugin-api/conformance';

const backend = createSandboxBackend({ cgroupParent: 'verdict-sandbox-test', slotRoot: '/run/verdict-sandbox-pid1-test' });
const limits = { cpuMs: 1000, wallMs: 3000, memoryKb: 128 * 1024, pids: 32 };
const run = (argv: string[], extra: Partial<typeof limits> = {}) =>
  backend.run({ argv, workDir: makeWorkDir(), limits: { ...limits, ...extra } });
const statuses = await Promise.all([
  run(['/bin/sh', '-c', 'echo ok']),
  run(['/bin/sleep', '10'], { wallMs: 200 }),
  run(['/bin/sh', '-c', 'while :; do :; done'], { cpuMs: 200 }),
  run(['/bin/sh', '-c', '(sleep 10 &) ; sleep 10 & wait'], { wallMs: 300 }),
  run(['/bin/sh', '-c', 'sleep 10 & exit 0']),
]);
await backend.idle();
await new Promise((resolve) => setTimeout(resolve, 300));
const zombies: string[] = [];
for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    if (/^State:\s+Z/m.test(status) && /^PPid:\s+1$/m.test(status)) zombies.push(/^Name:\s+(.*)$/m.exec(status)![1]);
  } catch {
    // gone
  }
}
await backend.close();
cleanupWorkDirs();
console.log(JSON.stringify({ pid: process.pid, statuses: statuses.map((r) => r.status), zombies }));
process.exit(0);
