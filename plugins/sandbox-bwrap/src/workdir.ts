// The sandbox's /work. In 'tmpfs' mode the program works in a size-limited tmpfs (a "slot",
// mounted once and reused) so a disk filler meets ENOSPC instead of filling the host disk: the
// host work dir is copied in before the run and what the program created or changed is copied
// back after it. In 'bind' mode the host work dir itself is bound, bounded only per file by
// RLIMIT_FSIZE. Either way the program's files come back owned by the sandbox user.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  promises as fs,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface PreparedWorkDir {
  /** Host directory to bind at /work. */
  hostDir: string;
  /** Brings the program's files back to the request's work dir and frees what was taken. */
  finish(): Promise<void>;
}

export interface WorkDirProvider {
  /** `mountPoints`: paths (relative to /work) that bwrap will bind over; never copied back. */
  prepare(workDir: string, diskBytes: number, mountPoints: string[]): Promise<PreparedWorkDir>;
  /** Unmounts the idle tmpfs slots (slots in use are kept; they are swept at the next start). */
  close(): Promise<void>;
}

export function bindWorkDirs(uid: number, gid: number): WorkDirProvider {
  return {
    async prepare(workDir) {
      chownSync(workDir, uid, gid);
      return { hostDir: workDir, finish: async () => undefined };
    },
    close: async () => undefined,
  };
}

interface Slot {
  dir: string;
  sizeBytes: number;
  /**
   * Set when the slot still holds an exact copy of `workDir` (the last run changed nothing in
   * it): the next run of the same work dir skips the copy if neither tree changed since.
   */
  warm?: { workDir: string; host: Map<string, string>; slot: Map<string, string>; copied: Map<string, Stats> };
}

const pools = new Map<string, WorkDirProvider>();
let slotsMade = 0;

/**
 * Size-limited tmpfs slots under `root`, one per concurrent run, reused across runs and shared
 * by every backend of this process with the same root and user.
 */
export function tmpfsWorkDirs(root: string, uid: number, gid: number): WorkDirProvider {
  const key = `${root}:${uid}:${gid}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = createSlotPool(root, uid, gid);
    pools.set(key, pool);
  }
  return pool;
}

function createSlotPool(root: string, uid: number, gid: number): WorkDirProvider {
  const free: Slot[] = [];
  let rootReady: Promise<void> | undefined;

  const acquire = async (sizeBytes: number, workDir: string): Promise<Slot> => {
    rootReady ??= prepareRoot(root).catch((err) => {
      rootReady = undefined; // retried by the next run
      throw err;
    });
    await rootReady;
    let index = free.findIndex((s) => s.sizeBytes === sizeBytes && s.warm?.workDir === workDir);
    if (index < 0) index = free.findIndex((s) => s.sizeBytes === sizeBytes && !s.warm);
    if (index < 0) index = free.findIndex((s) => s.sizeBytes === sizeBytes);
    if (index >= 0) return free.splice(index, 1)[0];
    const reused = free.pop();
    if (reused) {
      forget(reused);
      await mountTmpfs(reused.dir, sizeBytes, uid, gid, true);
      reused.sizeBytes = sizeBytes;
      return reused;
    }
    const dir = path.join(root, `slot-${process.pid}-${++slotsMade}-${randomBytes(3).toString('hex')}`);
    await fs.mkdir(dir, { mode: 0o700 });
    await mountTmpfs(dir, sizeBytes, uid, gid, false).catch(async (err) => {
      await fs.rmdir(dir).catch(() => undefined);
      throw err;
    });
    return { dir, sizeBytes };
  };

  return {
    async prepare(workDir, diskBytes, mountPoints) {
      const slot = await acquire(diskBytes, workDir);
      let copy: Copy;
      try {
        const warm = slot.warm;
        if (warm && warm.workDir === workDir && sameTree(workDir, warm.host) && sameTree(slot.dir, warm.slot)) {
          copy = warm;
        } else {
          forget(slot);
          copy = copyIn(workDir, slot.dir, uid, gid);
        }
        slot.warm = undefined;
      } catch (err) {
        release(slot, null);
        throw err;
      }
      return {
        hostDir: slot.dir,
        async finish() {
          let unchanged = false;
          try {
            copyBack(slot.dir, workDir, copy.copied, new Set(mountPoints.map((p) => path.normalize(p))));
            unchanged = sameTree(slot.dir, copy.slot);
          } finally {
            release(slot, unchanged ? { workDir, ...copy } : null);
          }
        },
      };
    },
    close,
  };

  async function close(): Promise<void> {
    for (const slot of free.splice(0)) {
      await execFileAsync('umount', [slot.dir]).catch(() => undefined);
      await fs.rmdir(slot.dir).catch(() => undefined);
    }
  }

  /** Empties a slot that may hold another work dir's files. */
  function forget(slot: Slot): void {
    if (slot.warm === undefined) return;
    slot.warm = undefined;
    emptyDir(slot.dir);
  }

  function release(slot: Slot, warm: Slot['warm'] | null): void {
    // A slot that cannot be emptied is not reused (it stays mounted until the next sweep).
    try {
      if (warm) slot.warm = warm;
      else emptyDir(slot.dir);
      free.push(slot);
    } catch {
      // dropped
    }
  }
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
    const match = /^slot-(\d+)-/.exec(name);
    if (!match || isAlive(Number(match[1]))) continue;
    const dir = path.join(root, name);
    await execFileAsync('umount', [dir]).catch(() => undefined);
    await fs.rmdir(dir).catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function mountTmpfs(dir: string, sizeBytes: number, uid: number, gid: number, remount: boolean): Promise<void> {
  const options = `size=${sizeBytes},mode=0755,uid=${uid},gid=${gid},nosuid,nodev`;
  const args = remount ? ['-o', `remount,${options}`, dir] : ['-t', 'tmpfs', '-o', options, 'verdict-work', dir];
  try {
    await execFileAsync('mount', args);
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`cannot mount the work tmpfs at ${dir}: ${(e.stderr || e.message).trim()} (needs root; or set workDirMode: bind)`);
  }
}

// The copies use synchronous calls: work dirs are small (a program and its source), and a
// handful of sync syscalls costs far less than as many thread-pool round trips.

/** What copyIn made: the slot's entries, and signatures of both trees to recognise them later. */
interface Copy {
  copied: Map<string, Stats>;
  host: Map<string, string>;
  slot: Map<string, string>;
}

/** Type, inode, size, mode and both times: any write, chmod, chown, link or rename changes ctime. */
function signature(st: Stats): string {
  return `${st.mode}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.uid}:${st.nlink}`;
}

/** Is the tree under `dir` exactly the one recorded (same names, same signatures)? */
function sameTree(dir: string, recorded: Map<string, string>): boolean {
  let seen = 0;
  const walk = (rel: string): boolean => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      const want = recorded.get(child);
      if (want === undefined || signature(lstatSync(path.join(dir, child))) !== want) return false;
      seen++;
      if (entry.isDirectory() && !walk(child)) return false;
    }
    return true;
  };
  try {
    return walk('') && seen === recorded.size;
  } catch {
    return false;
  }
}

/** Copies the host work dir into the slot, owned by the sandbox user; returns what the slot holds. */
function copyIn(from: string, to: string, uid: number, gid: number): Copy {
  const copied = new Map<string, Stats>();
  const host = new Map<string, string>();
  const slot = new Map<string, string>();
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      const source = path.join(from, child);
      const target = path.join(to, child);
      const sourceStats = lstatSync(source);
      host.set(child, signature(sourceStats));
      if (entry.isDirectory()) {
        mkdirSync(target, { mode: sourceStats.mode & 0o777 });
      } else if (entry.isFile()) {
        copyFileSync(source, target);
      } else if (entry.isSymbolicLink()) {
        symlinkSync(readlinkSync(source), target);
      } else {
        continue; // sockets, fifos, devices stay on the host
      }
      lchownSync(target, uid, gid);
      const targetStats = lstatSync(target);
      copied.set(child, targetStats);
      slot.set(child, signature(targetStats));
      if (entry.isDirectory()) walk(child);
    }
  };
  walk('');
  return { copied, host, slot };
}

/**
 * Copies regular files and directories the run created or changed back to the host work dir.
 * Symlinks and special files are the program's business and never followed or copied.
 */
function copyBack(slotDir: string, workDir: string, before: Map<string, Stats>, mountPoints: Set<string>): void {
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(slotDir, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (mountPoints.has(child)) continue; // an empty stand-in bwrap made for a bind
      const source = path.join(slotDir, child);
      const target = path.join(workDir, child);
      const old = before.get(child);
      if (entry.isDirectory()) {
        if (!old?.isDirectory()) {
          rmSync(target, { force: true, recursive: true });
          mkdirSync(target);
        }
        walk(child);
      } else if (entry.isFile()) {
        const st = lstatSync(source);
        if (old?.isFile() && old.size === st.size && old.mtimeMs === st.mtimeMs && old.ino === st.ino) continue;
        rmSync(target, { force: true, recursive: true });
        copyFileSync(source, target);
        chmodSync(target, st.mode & 0o777);
      }
    }
  };
  walk('');
}

function emptyDir(dir: string): void {
  for (const name of readdirSync(dir)) rmSync(path.join(dir, name), { recursive: true, force: true });
}
