// Run as pid 1 of a pid namespace (`unshare --pid --fork --mount-proc node --import tsx ...`),
// like a judge in a container whose pid 1 is node, which reaps only the children it spawned:
// closes the backend while a run is in progress and a spare launcher waits, then prints the
// zombies whose parent is pid 1 and the run's status as JSON (tests/sandbox/spawner-hostile.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { createSandboxBackend } from '@verdict/sandbox-bwrap';
import { makeWorkDir, cleanupWorkDirs } from '@verdict/plugin-api/conformance';

const backend = createSandboxBackend({ cgroupParent: 'verdict-sandbox-test', slotRoot: '/run/verdict-sandbox-pid1-test' });
const limits = { cpuMs: 1000, wallMs: 10_000, memoryKb: 128 * 1024, pids: 32 };
await backend.run({ argv: ['/bin/true'], workDir: makeWorkDir(), limits });
const inFlight = backend.run({ argv: ['/bin/sh', '-c', 'sleep 1.5; echo done'], workDir: makeWorkDir(), limits });
await new Promise((resolve) => setTimeout(resolve, 500));
await backend.close();
const run = await inFlight;
await new Promise((resolve) => setTimeout(resolve, 1000));
const zombies: string[] = [];
for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    if (/^State:\s+Z/m.test(status) && /^PPid:\s+1$/m.test(status)) zombies.push(/^Name:\s+(.*)$/m.exec(status)![1]);
  } catch {
    // gone
  }
}
cleanupWorkDirs();
console.log(JSON.stringify({ pid: process.pid, status: run.status, stdout: run.stdout, zombies }));
process.exit(0);
