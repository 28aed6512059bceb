// Temporary folders named after the process that made them (`<prefix>-<pid>-XXXXXX`): a process
// killed with SIGKILL runs no clean-up, so a later one removes what it left behind, and never a
// folder whose owner is still alive (another `verdict` process may share the parent folder).
import { mkdtemp, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export function makeOwnedDir(parent: string, prefix: string): Promise<string> {
  return mkdtemp(path.join(parent, `${prefix}-${process.pid}-`));
}

export interface SweepOptions {
  /** Also remove folders without an owner (`<prefix>-XXXXXX`, named before owners were recorded) older than this. */
  ownerlessMaxAgeMs?: number;
}

/** The folders under `parent` named with one of `prefixes` whose owner process is gone. */
export async function dirsOfDeadOwners(parent: string, prefixes: readonly string[], { ownerlessMaxAgeMs }: SweepOptions = {}): Promise<string[]> {
  const name = new RegExp(`^(?:${prefixes.join('|')})-(?:(\\d+)-)?[A-Za-z0-9]{6}$`);
  const entries = await readdir(parent, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const stale: string[] = [];
  for (const entry of entries) {
    const match = entry.isDirectory() && name.exec(entry.name);
    if (!match) continue;
    const dir = path.join(parent, entry.name);
    const ownerGone = match[1] ? !isAlive(Number(match[1])) : ownerlessMaxAgeMs !== undefined && (await ageMs(dir)) > ownerlessMaxAgeMs;
    if (ownerGone) stale.push(dir);
  }
  return stale;
}

/** How long ago the folder last changed (0 when it is already gone: another process swept it). */
async function ageMs(dir: string): Promise<number> {
  const info = await stat(dir).catch(() => undefined);
  return info ? Date.now() - info.mtimeMs : 0;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
