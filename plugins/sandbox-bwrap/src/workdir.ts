// The sandbox's /work. In 'tmpfs' mode the program works in a size-limited tmpfs (a "slot",
// mounted once and reused) so a disk filler meets ENOSPC instead of filling the host disk: the
// host work dir is copied in before the run and what the program created or changed is copied
// back after it, within a budget (workdir-copy.ts). In 'bind' mode the host work dir itself is
// bound, bounded only per file by RLIMIT_FSIZE. Either way the program's files come back owned
// by the sandbox user.
//
// Nothing a run leaves in a slot reaches another run. The slot's root is root's; each run gets a
// fresh directory in it (`work`, the sandbox user's), bound at /work, so the mode, ACLs and
// xattrs a program sets on /work go with it. A slot is reused only when it is verified empty
// (no entry, no inode but its root, no block in use: an unlinked file still held open would
// show) or verified to hold exactly the copy the next run of the same work dir needs; a slot
// that cannot be emptied, whose run exceeded the copy-back budget or ended in a system error is
// unmounted (the kernel frees its content whatever its depth or number of files) and replaced.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, promises as fs, readdirSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { leftByDeadProcess, ownerPrefix } from './owner.ts';
import { copyBack, copyIn, planCopyBack, sameTree, type Copy } from './workdir-copy.ts';

const execFileAsync = promisify(execFile);

export interface PreparedWorkDir {
  /** Host directory to bind at /work. */
  hostDir: string;
  /**
   * Memory the program's files take before it starts (the tmpfs pages of the slot's copy; 0 in
   * bind mode): the judge wrote them, so the kernel charges them to no run. The backend adds
   * them to the run's memory peak, so a table compiled into the binary meets the memory limit.
   */
  chargedBytes: number;
  /**
   * Brings the program's files back to the request's work dir and frees what was taken
   * (`failed`: the run ended in a system error; its slot is not reused). Resolves to why
   * nothing was copied back when the files exceed the budget, else null.
   */
  finish(failed: boolean): Promise<string | null>;
}

export interface WorkDirProvider {
  /** `mountPoints`: paths (relative to /work) that bwrap will bind over; never copied back. */
  /** `uid`: the run's (uids.ts); the program's directories are its. */
  prepare(workDir: string, diskBytes: number, mountPoints: string[], uid: number): Promise<PreparedWorkDir>;
  /** Unmounts the idle tmpfs slots (slots in use are kept; they are swept at the next start). */
  close(): Promise<void>;
}

export function bindWorkDirs(gid: number): WorkDirProvider {
  return {
    async prepare(workDir, _diskBytes, _mountPoints, uid) {
      chownSync(workDir, uid, gid);
      return { hostDir: workDir, chargedBytes: 0, finish: async () => null };
    },
    close: async () => undefined,
  };
}

export interface SlotOptions {
  root: string;
  gid: number;
  /** Names a slot may hold (its nr_inodes, and the copy-back's entry budget). */
  entries: number;
  /** Directory levels below /work that are copied back. */
  depth: number;
}

interface Slot {
  dir: string;
  sizeBytes: number;
  /**
   * Set when the slot still holds an exact copy of `workDir` (the last run changed nothing in
   * it): the next run of the same work dir as the same uid skips the copy if neither tree
   * changed since (its directories are that uid's).
   */
  warm?: { workDir: string; uid: number } & Copy;
}

/** The run's directory in a slot, bound at /work. */
const RUN_DIR = 'work';

const pools = new Map<string, WorkDirProvider>();
let slotsMade = 0;

/**
 * Size-limited tmpfs slots under `root`, one per concurrent run, reused across runs and shared
 * by every backend of this process with the same options.
 */
export function tmpfsWorkDirs(options: SlotOptions): WorkDirProvider {
  const key = JSON.stringify([options.root, options.gid, options.entries, options.depth]);
  let pool = pools.get(key);
  if (!pool) {
    pool = createSlotPool(options);
    pools.set(key, pool);
  }
  return pool;
}

function createSlotPool({ root, gid, entries, depth }: SlotOptions): WorkDirProvider {
  const free: Slot[] = [];
  let rootReady: Promise<void> | undefined;
  // Inodes: the root, the run's directory and its entries.
  const mount = (dir: string, sizeBytes: number, remount: boolean) => mountTmpfs(dir, { sizeBytes, inodes: entries + 2 }, remount);

  const acquire = async (sizeBytes: number, workDir: string, uid: number): Promise<Slot> => {
    rootReady ??= prepareRoot(root).catch((err) => {
      rootReady = undefined; // retried by the next run
      throw err;
    });
    await rootReady;
    let index = free.findIndex((s) => s.sizeBytes === sizeBytes && s.warm?.workDir === workDir && s.warm.uid === uid);
    if (index < 0) index = free.findIndex((s) => s.sizeBytes === sizeBytes && !s.warm);
    if (index < 0) index = free.findIndex((s) => s.sizeBytes === sizeBytes);
    if (index >= 0) return free.splice(index, 1)[0];
    const reused = free.pop();
    if (reused) {
      if (forget(reused)) {
        await mount(reused.dir, sizeBytes, true);
        reused.sizeBytes = sizeBytes;
        return reused;
      }
      discard(reused);
    }
    const dir = path.join(root, `${ownerPrefix('slot')}-${++slotsMade}-${randomBytes(3).toString('hex')}`);
    await fs.mkdir(dir, { mode: 0o700 });
    await mount(dir, sizeBytes, false).catch(async (err) => {
      await fs.rmdir(dir).catch(() => undefined);
      throw err;
    });
    return { dir, sizeBytes };
  };

  return {
    async prepare(workDir, diskBytes, mountPoints, uid) {
      const slot = await acquire(diskBytes, workDir, uid);
      const work = path.join(slot.dir, RUN_DIR);
      let copy: Copy;
      try {
        const warm = slot.warm;
        // warm.slot holds the run's directory itself ('.') and its entries: one inode each.
        if (warm && warm.workDir === workDir && warm.uid === uid && sameTree(workDir, warm.host) && sameTree(work, warm.slot) && holds(slot.dir, warm.slot.size)) {
          copy = warm;
        } else {
          if (!forget(slot)) throw new Error(`cannot empty the work tmpfs ${slot.dir}`);
          mkdirSync(work, { mode: 0o755 });
          chownSync(work, uid, gid);
          copy = copyIn(workDir, work, uid, gid);
        }
        slot.warm = undefined;
      } catch (err) {
        discard(slot);
        throw err;
      }
      return {
        hostDir: work,
        chargedBytes: usedBytes(slot.dir),
        async finish(failed) {
          if (failed) {
            discard(slot);
            return null;
          }
          let warm: Slot['warm'] | null = null;
          try {
            const plan = planCopyBack(work, copy.copied, new Set(mountPoints.map((p) => path.normalize(p))), {
              bytes: diskBytes,
              entries,
              depth,
            });
            if ('overBudget' in plan) {
              discard(slot);
              return plan.overBudget;
            }
            await copyBack(work, workDir, plan.steps);
            if (sameTree(work, copy.slot)) warm = { workDir, uid, ...copy };
            release(slot, warm);
            return null;
          } catch (err) {
            discard(slot);
            throw err;
          }
        },
      };
    },
    close,
  };

  async function close(): Promise<void> {
    for (const slot of free.splice(0)) await unmount(slot.dir);
  }

  /** Empties a slot that may hold another work dir's files; false when it cannot be emptied. */
  function forget(slot: Slot): boolean {
    slot.warm = undefined;
    try {
      for (const name of readdirSync(slot.dir)) rmSync(path.join(slot.dir, name), { recursive: true, force: true });
    } catch {
      return false;
    }
    return holds(slot.dir, 0);
  }

  /** Back to the free list, warm or verified empty; else unmounted and replaced later. */
  function release(slot: Slot, warm: Slot['warm'] | null): void {
    if (warm) slot.warm = warm;
    else if (!forget(slot)) return discard(slot);
    free.push(slot);
  }

  /** Unmounted in the background: the kernel frees its content, however deep or many. */
  function discard(slot: Slot): void {
    slot.warm = undefined;
    void unmount(slot.dir);
  }
}

/** Does the slot hold exactly `entries` inodes besides its root, and no block when it holds none? */
function holds(dir: string, entries: number): boolean {
  try {
    const st = statfsSync(dir);
    return st.files - st.ffree === entries + 1 && (entries > 0 || st.blocks === st.bfree);
  } catch {
    return false;
  }
}

/** The bytes of memory a slot's files take (one statfs: the tmpfs's blocks in use). */
function usedBytes(dir: string): number {
  const st = statfsSync(dir);
  return (st.blocks - st.bfree) * st.bsize;
}

async function unmount(dir: string): Promise<void> {
  await execFileAsync('umount', [dir]).catch(() => execFileAsync('umount', ['-l', dir]).catch(() => undefined));
  await fs.rmdir(dir).catch(() => undefined);
}

async function prepareRoot(root: string): Promise<void> {
  await fs.mkdir(root, { recursive: true, mode: 0o755 });
  // Mounts are made under it as root: it must be ours, a real directory, writable by no one else.
  const st = await fs.lstat(root);
  const uid = process.getuid?.() ?? st.uid;
  if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o022) !== 0) {
    throw new Error(`${root} must be a directory owned by uid ${uid} and not group/world-writable`);
  }
  // Slots of dead judge processes: unmount and remove.
  for (const name of await fs.readdir(root)) {
    if (leftByDeadProcess('slot', name)) await unmount(path.join(root, name));
  }
}

interface TmpfsOptions {
  sizeBytes: number;
  inodes: number;
}

/** The tmpfs's root is root's (0755): the sandbox user works in a directory made per run. */
async function mountTmpfs(dir: string, { sizeBytes, inodes }: TmpfsOptions, remount: boolean): Promise<void> {
  const options = `size=${sizeBytes},nr_inodes=${inodes},mode=0755,uid=0,gid=0,nosuid,nodev`;
  const args = remount ? ['-o', `remount,${options}`, dir] : ['-t', 'tmpfs', '-o', options, 'verdict-work', dir];
  try {
    await execFileAsync('mount', args);
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`cannot mount the work tmpfs at ${dir}: ${(e.stderr || e.message).trim()} (needs root; or set workDirMode: bind)`);
  }
}
