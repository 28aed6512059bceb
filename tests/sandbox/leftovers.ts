// Finds what a run may have left behind on the host: processes of the sandbox user that are
// neither from before the run nor parts of other, concurrent sandbox runs.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, readlinkSync, statfsSync } from 'node:fs';
import { defaultSandboxConfig, parseUidList, type SandboxBackend } from '@verdict/sandbox-bwrap';

/**
 * The uids sandbox runs are started as: the default pool (docs/sandbox.md, "The uid pool") and
 * 65534, the one uid of every run before it (and of backends configured with `uid: 65534`).
 */
export const SANDBOX_UIDS: ReadonlySet<number> = new Set([65534, ...parseUidList(defaultSandboxConfig.uids)!]);

/** Processes of the sandbox uids (or of `uids`) on the host now. */
export function processesOfUid(uids: ReadonlySet<number> | number = SANDBOX_UIDS): number[] {
  const wanted = typeof uids === 'number' ? new Set([uids]) : uids;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const match = /^Uid:\s+(\d+)/m.exec(status);
      if (match && wanted.has(Number(match[1]))) pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

/** Is this process part of a sandbox run other than ours (another run's cgroup or launcher)? */
function belongsToOtherRun(pid: number, ownRuns: string): boolean {
  try {
    const cgroups = readFileSync(`/proc/${pid}/cgroup`, 'utf8');
    if (cgroups.includes(`/${ownRuns}`)) return false;
    if (/\/verdict-sandbox[^/]*\/run-/.test(cgroups)) return true;
    const exe = readlinkSync(`/proc/${pid}/exe`);
    return /bwrap|rlimit-exec/.test(exe);
  } catch {
    return true; // gone
  }
}

/**
 * Processes of the sandbox uid that appeared since `before` and do not belong to concurrent runs
 * of others, after giving them up to `graceMs` to disappear. `ownRuns` is the cgroup path prefix
 * of our runs (`<parent>/run-<our pid>-`).
 */
export async function strayProcesses(before: Set<number>, ownRuns: string, graceMs = 1000): Promise<number[]> {
  const deadline = Date.now() + graceMs;
  for (;;) {
    const strays = processesOfUid().filter((pid) => !before.has(pid) && !belongsToOtherRun(pid, ownRuns));
    if (strays.length === 0 || Date.now() > deadline) return strays;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * After a test's runs: once the backend's background work is done (idle() waits for the
 * cgroup removals, shared by backends with the same cgroupParent), no run cgroup of this test
 * process and no process of its runs may remain.
 */
export async function assertRunsLeftNothing(backend: SandboxBackend, before: Set<number>, cgroupParent: string, graceMs?: number): Promise<void> {
  await backend.idle();
  const left = (await backend.listRunCgroups()).filter((name) => name.startsWith(`run-${process.pid}-`));
  assert.deepEqual(left, [], 'run cgroups left behind');
  const strays = await strayProcesses(before, `${cgroupParent}/run-${process.pid}-`, graceMs);
  assert.deepEqual(strays.map(describeProcess), [], 'processes of the run left behind');
}

/** A process as the assertion shows it: pid, uid, command line and cgroups. */
function describeProcess(pid: number): string {
  const read = (file: string) => {
    try {
      return readFileSync(`/proc/${pid}/${file}`, 'utf8');
    } catch {
      return '(gone)';
    }
  };
  const uid = /^Uid:\s+(\d+)/m.exec(read('status'))?.[1];
  return `${pid} uid ${uid}: ${read('cmdline').split('\0').join(' ').trim()} [${read('cgroup').split('\n').filter((l) => /memory|0::/.test(l)).join(' ')}]`;
}

/** The tmpfs work-dir slots this test process has mounted under `slotRoot` now. */
export function ourSlots(slotRoot: string): string[] {
  return readFileSync('/proc/self/mountinfo', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[4])
    .filter((mount) => mount?.startsWith(`${slotRoot}/slot-${process.pid}-`));
}

/**
 * A free slot is empty or holds a copy of a work dir (a few files), never thousands of entries,
 * and slots do not pile up.
 */
export function assertSlotsBounded(slotRoot: string): void {
  const slots = ourSlots(slotRoot);
  for (const slot of slots) {
    const fs = statfsSync(slot);
    const inodes = fs.files - fs.ffree;
    assert.ok(inodes <= 8, `slot ${slot} still holds ${inodes} inodes`);
  }
  assert.ok(slots.length <= 4, `slots pile up: ${slots.join(' ')}`);
}
