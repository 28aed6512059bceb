// Copying a work dir into a tmpfs slot and the program's files back out, within a budget. The
// slot's own limits (size, nr_inodes) bound what the program can store, but not what a naive
// copy-back writes: every hard link and every sparse file becomes a dense file on the host, and
// a directory chain deeper than PATH_MAX cannot be copied or removed by path. So copy-back first
// measures what the host work dir would hold (apparent sizes, names, depth), reading directories
// one entry at a time and stopping at the first excess, and copies nothing when the budget is
// exceeded. The host dir mirrors the slot (what the program removed is removed), so it never
// outgrows what the next copy-in can put into the slot.
//
// The files copied in stay owned by root and not writable by the sandbox user: the program can
// remove or rename them (it owns the directories), which the tree's signatures show, but not
// change them in place, which a signature may not show (a write through a shared mapping on
// tmpfs changes neither mtime nor ctime).
import {
  chmodSync,
  copyFileSync,
  lchownSync,
  lstatSync,
  mkdirSync,
  opendirSync,
  promises as fs,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  type Dirent,
  type Stats,
} from 'node:fs';
import path from 'node:path';

export interface CopyBudget {
  /**
   * Bytes the host work dir may hold: apparent sizes rounded up to pages (each hard link and
   * hole counted in full), so that copying it in again fits the slot.
   */
  bytes: number;
  /** Names (files, directories, links, anything) in the slot. */
  entries: number;
  /** Directory levels below /work. */
  depth: number;
}

/** What copyIn made: the slot's entries, and signatures of both trees to recognise them later. */
export interface Copy {
  copied: Map<string, Stats>;
  host: Map<string, string>;
  slot: Map<string, string>;
}

/** Longest relative path walked, in bytes: with the slot's own path it stays far below PATH_MAX (4096). */
const MAX_RELATIVE_PATH = 2048;

/** Type, inode, size, mode and both times: any write, chmod, chown, link or rename changes ctime. */
function signature(st: Stats): string {
  return `${st.mode}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.uid}:${st.nlink}`;
}

/**
 * Is the tree under `dir` exactly the one recorded (same names, same signatures)? '.', when
 * recorded, is `dir` itself (its mode, owner, times: a chmod or an xattr on it shows).
 */
export function sameTree(dir: string, recorded: Map<string, string>): boolean {
  let seen = 0;
  try {
    if (recorded.has('.')) {
      if (signature(lstatSync(dir)) !== recorded.get('.')) return false;
      seen++;
    }
  } catch {
    return false;
  }
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

// Copy-in uses synchronous calls: work dirs are the judge's own (a program and its source), and a
// handful of sync syscalls costs far less than as many thread-pool round trips.

/**
 * Copies the host work dir into `to` (a directory of the sandbox user's); returns what it holds.
 * Directories are the sandbox user's, files and symlinks root's, never writable by others.
 */
export function copyIn(from: string, to: string, uid: number, gid: number): Copy {
  const copied = new Map<string, Stats>();
  const host = new Map<string, string>();
  const slot = new Map<string, string>([['.', signature(lstatSync(to))]]);
  const walk = (rel: string): void => {
    for (const entry of readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      const source = path.join(from, child);
      const target = path.join(to, child);
      const sourceStats = lstatSync(source);
      host.set(child, signature(sourceStats));
      if (entry.isDirectory()) {
        mkdirSync(target, { mode: sourceStats.mode & 0o777 });
        lchownSync(target, uid, gid);
      } else if (entry.isFile()) {
        copyFileSync(source, target);
        chmodSync(target, sourceStats.mode & 0o755);
      } else if (entry.isSymbolicLink()) {
        symlinkSync(readlinkSync(source), target);
      } else {
        continue; // sockets, fifos, devices stay on the host
      }
      const targetStats = lstatSync(target);
      copied.set(child, targetStats);
      slot.set(child, signature(targetStats));
      if (entry.isDirectory()) walk(child);
    }
  };
  walk('');
  // The directory's own times changed with every entry made in it.
  slot.set('.', signature(lstatSync(to)));
  return { copied, host, slot };
}

/** One step of copy-back: a host entry to remove, a directory to make or a file to copy. */
type Step = { kind: 'remove'; rel: string } | { kind: 'dir'; rel: string; replace: boolean } | { kind: 'file'; rel: string; mode: number };

const PAGE = 4096;

/** Does this name survive decoding (the host copy is made by name)? */
function decodable(name: Buffer): boolean {
  return Buffer.from(name.toString('utf8'), 'utf8').equals(name);
}

/**
 * Plans the copy-back of the slot to the host work dir: regular files and directories the run
 * created or changed are copied, what it removed of the copied-in entries is removed; symlinks,
 * special files and names that are not valid UTF-8 are the program's business and never
 * followed or copied. Checks the budget over the whole resulting tree. Returns the steps, or the
 * reason the budget is exceeded.
 */
export function planCopyBack(
  slotDir: string,
  before: Map<string, Stats>,
  mountPoints: Set<string>,
  budget: CopyBudget,
): { steps: Step[] } | { overBudget: string } {
  const steps: Step[] = [];
  const kept = new Set<string>();
  let entries = 0;
  let bytes = 0;
  const walk = (rel: string, depth: number): string | null => {
    // Bytes, not characters: a CJK name of 85 characters is 255 bytes.
    const tooDeep = `files left in the work dir are nested deeper than ${budget.depth} levels or ${MAX_RELATIVE_PATH} bytes`;
    if (depth > budget.depth || Buffer.byteLength(rel) > MAX_RELATIVE_PATH) return tooDeep;
    // One entry at a time: a directory may hold far more names than the budget (hard links).
    // Names as bytes ('buffer' works at run time; the type declarations only list text encodings).
    let dir;
    try {
      dir = opendirSync(path.join(slotDir, rel), { encoding: 'buffer' as BufferEncoding });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENAMETOOLONG') return tooDeep;
      throw err;
    }
    try {
      for (let entry: Dirent<Buffer> | null; (entry = dir.readSync() as Dirent<Buffer> | null) !== null; ) {
        if (++entries > budget.entries) return `files left in the work dir: more than ${budget.entries} entries`;
        if (!decodable(entry.name)) continue;
        const child = path.join(rel, entry.name.toString('utf8'));
        if (mountPoints.has(child)) continue; // an empty stand-in bwrap made for a bind
        const old = before.get(child);
        if (entry.isDirectory()) {
          if (old?.isDirectory()) kept.add(child);
          steps.push({ kind: 'dir', rel: child, replace: !old?.isDirectory() });
          const problem = walk(child, depth + 1);
          if (problem) return problem;
        } else if (entry.isFile()) {
          const st = lstatSync(path.join(slotDir, child));
          bytes += Math.ceil(st.size / PAGE) * PAGE;
          if (bytes > budget.bytes) {
            return `files left in the work dir total more than ${budget.bytes} bytes (each hard link and sparse file counted at its full size)`;
          }
          if (old?.isFile()) kept.add(child);
          if (old?.isFile() && old.size === st.size && old.mtimeMs === st.mtimeMs && old.ino === st.ino) continue;
          steps.push({ kind: 'file', rel: child, mode: st.mode & 0o777 });
        } else if (entry.isSymbolicLink() && old?.isSymbolicLink()) {
          kept.add(child);
        }
      }
      return null;
    } finally {
      dir.closeSync();
    }
  };
  const problem = walk('', 1);
  if (problem) return { overBudget: problem };
  // What was copied in and is gone (or became something else) goes from the host too, first.
  const removed = [...before.keys()].filter((rel) => !kept.has(rel)).map((rel): Step => ({ kind: 'remove', rel }));
  return { steps: [...removed, ...steps] };
}

/** Carries the planned steps out; file contents are copied off the event loop. */
export async function copyBack(slotDir: string, workDir: string, steps: Step[]): Promise<void> {
  for (const step of steps) {
    const target = path.join(workDir, step.rel);
    if (step.kind === 'remove') {
      rmSync(target, { force: true, recursive: true });
    } else if (step.kind === 'dir') {
      if (step.replace) {
        rmSync(target, { force: true, recursive: true });
        mkdirSync(target);
      }
    } else {
      rmSync(target, { force: true, recursive: true });
      await fs.copyFile(path.join(slotDir, step.rel), target);
      chmodSync(target, step.mode);
    }
  }
}
