// The bubblewrap command line of one run: every namespace unshared (no network), a read-only
// view of the system directories, private /proc and /dev (no devpts), size-limited /tmp and
// /dev/shm, the work dir at /work.
import { lstatSync, readlinkSync } from 'node:fs';

/**
 * Child fds the backend passes to the launcher and bwrap. 0-2 are bwrap's own stdio (its error
 * messages on 2); the program gets its stdio from 6-8 through the exec gate, so only the
 * program's processes (and the gate, until it has reported) hold the program's pipes.
 */
export const SECCOMP_FD = 3;
/** The exec gate binary, the sandbox's pid 1, run as /proc/self/fd/4 (no mount needed). */
export const GATE_FD = 4;
/** Socket between the gate and the judge: 'r' when ready, 'g' once it is in the cgroups. */
export const CONTROL_FD = 5;
export const PROGRAM_STDIO_FDS = [6, 7, 8] as const;

export const SANDBOX_WORK_DIR = '/work';
/** In a session: the pristine program (read-only) that /work is rebuilt from before each test. */
export const SESSION_PROGRAM_DIR = '/prog';
/** In a session: the test inputs (read-only); each test's stdin is one of them. */
export const SESSION_INPUT_DIR = '/in';

/** Mount arguments for the configured system paths; symlinks (merged /usr) are recreated. */
export function systemMountArgs(paths: string[]): string[] {
  const args: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = lstatSync(p);
    } catch {
      continue; // not on this host
    }
    if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(p), p);
    else args.push('--ro-bind', p, p);
  }
  return args;
}

export interface BwrapPlan {
  systemMounts: string[];
  workDir: string;
  readOnlyBinds: { host: string; sandbox: string }[];
  tmpBytes: number;
  seccomp: boolean;
  argv: string[];
  /**
   * A session's sandbox: `workDir` is bound read-only at /prog and /work is a tmpfs of
   * `workBytes` that the session runner rebuilds before each test.
   */
  session?: { workBytes: number };
}

export function bwrapArgs(plan: BwrapPlan): string[] {
  return [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    // No init of bwrap's: the exec gate is the sandbox's pid 1 (see helpers/exec-gate.c).
    '--as-pid-1',
    '--cap-drop',
    'ALL',
    '--hostname',
    'sandbox',
    ...plan.systemMounts,
    '--proc',
    '/proc',
    // Read-only: the IPC namespace's sysctls (kernel.shm*, msg*, sem, *_next_id, fs.mqueue.*)
    // belong to the sandbox's user namespace, and bwrap's own read-only cover of /proc/sys is
    // skipped here; a test wrote them and the next read them (issue 27). Nothing of ours writes
    // /proc after set-up.
    '--remount-ro',
    '/proc',
    '--dev',
    '/dev',
    // No pseudo-terminals: --dev mounts a devpts at /dev/pts (and /dev/ptmx links to its ptmx);
    // ptys cost the host kernel memory the run is barely charged for, and their count is the
    // host's (issue 27). An empty read-only tmpfs covers it: /dev/ptmx is then a dangling link.
    '--tmpfs',
    '/dev/pts',
    '--remount-ro',
    '/dev/pts',
    '--size',
    String(plan.tmpBytes),
    '--tmpfs',
    '/dev/shm',
    '--remount-ro',
    '/dev',
    '--size',
    String(plan.tmpBytes),
    '--tmpfs',
    '/tmp',
    ...(plan.session
      ? ['--ro-bind', plan.workDir, SESSION_PROGRAM_DIR, '--size', String(plan.session.workBytes), '--tmpfs', SANDBOX_WORK_DIR]
      : ['--bind', plan.workDir, SANDBOX_WORK_DIR]),
    ...plan.readOnlyBinds.flatMap((b) => ['--ro-bind', b.host, b.sandbox]),
    // The root is bwrap's own tmpfs: read-only, so nothing outside /work and /tmp is writable.
    '--remount-ro',
    '/',
    '--chdir',
    SANDBOX_WORK_DIR,
    ...(plan.seccomp ? ['--seccomp', String(SECCOMP_FD)] : []),
    '--',
    `/proc/self/fd/${GATE_FD}`,
    ...plan.argv,
  ];
}
