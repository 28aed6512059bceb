// Names of what a judge process leaves on the host (run cgroups, tmpfs slots) carry their owner:
// `<kind>-<pid>-n<pid namespace inode>-…`, so the next start sweeps only what dead processes
// left. A pid means something only in its own pid namespace: a judge that is pid 1 of a
// container must not take another namespace's live runs for its own dead ones.
import { readlinkSync } from 'node:fs';

let namespace: string | undefined;

function pidNamespace(): string {
  if (namespace === undefined) {
    try {
      namespace = /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '0';
    } catch {
      namespace = '0';
    }
  }
  return namespace;
}

/** `<kind>-<pid>-n<namespace>`: the start of this process's names. */
export function ownerPrefix(kind: string): string {
  return `${kind}-${process.pid}-n${pidNamespace()}`;
}

/**
 * Was `name` left by a process that is gone? Names of other pid namespaces, and names in no
 * known form, are never taken for stale; names without a namespace (before 2026-11) are judged
 * by their pid alone, as they were.
 */
export function leftByDeadProcess(kind: string, name: string): boolean {
  const match = new RegExp(`^${kind}-(\\d+)-(?:n(\\d+)-)?\\d+-`).exec(name);
  if (!match || (match[2] !== undefined && match[2] !== pidNamespace())) return false;
  try {
    process.kill(Number(match[1]), 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'EPERM';
  }
}
