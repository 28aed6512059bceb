// The small C helpers of the backend, compiled with gcc once into the cache directory:
// - seccomp-bpf writes the seccomp deny list as BPF (libseccomp), handed to `bwrap --seccomp`;
// - rlimit-exec sets RLIMIT_CPU/FSIZE/STACK/CORE, drops to the sandbox user and execs bwrap
//   (Node cannot set rlimits);
// - exec-gate runs inside the sandbox and holds the program back until the judge has moved it
//   into the run's cgroups (see run.ts);
// - session-runner is the sandbox's pid 1 when one sandbox runs every test of a submission
//   (see session.ts);
// - launcher-spawner forks the launchers, so the judge process is not forked per run
//   (see spawner.ts).
// Binaries are named after a hash of their source, so an edited helper is rebuilt.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sourceDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'helpers');

export interface Helpers {
  /** Launcher that applies rlimits then execs its arguments. */
  rlimitExec: string;
  /** The in-sandbox gate that execs the program once it is in its cgroups. */
  execGate: string;
  /** The in-sandbox pid 1 of a session, running every test of a submission. */
  sessionRunner: string;
  /** Starts launchers for the judge (spawner.ts), or null when it cannot be built (see spawnerProblem). */
  launcherSpawner: string | null;
  spawnerProblem: string | null;
  /** The BPF program file, or null when seccomp is unavailable (see seccompProblem). */
  seccompBpf: string | null;
  seccompProblem: string | null;
}

const cache = new Map<string, Promise<Helpers>>();

/** Builds (once per process and cache dir) the helpers; rejects when the launcher cannot be built. */
export function loadHelpers(cacheDir: string): Promise<Helpers> {
  let helpers = cache.get(cacheDir);
  if (!helpers) {
    helpers = buildHelpers(cacheDir);
    cache.set(cacheDir, helpers);
    helpers.catch(() => cache.delete(cacheDir));
  }
  return helpers;
}

async function buildHelpers(cacheDir: string): Promise<Helpers> {
  await ensurePrivateDir(cacheDir);
  // Static when the C library allows it: one exec per run without the dynamic loader (~0.2 ms).
  const rlimitExec = await compile(cacheDir, 'rlimit-exec', ['-static'])
    .catch(() => compile(cacheDir, 'rlimit-exec', []))
    .catch((err: Error) => {
      throw new Error(`cannot build the rlimit launcher: ${err.message} (fix: apt-get install -y gcc libc6-dev)`);
    });
  // Static only: it runs before the program is in its cgroups, so no dynamic loader (and no
  // LD_PRELOAD from the run's environment) may run code there.
  const execGate = await compile(cacheDir, 'exec-gate', ['-static']).catch((err: Error) => {
    throw new Error(`cannot build the exec gate (static): ${err.message} (fix: apt-get install -y gcc libc6-dev)`);
  });
  const sessionRunner = await compile(cacheDir, 'session-runner', ['-static']).catch((err: Error) => {
    throw new Error(`cannot build the session runner (static): ${err.message} (fix: apt-get install -y gcc libc6-dev)`);
  });
  // Without it every launcher is forked from the judge, as before it existed: slower, as safe.
  const spawner = await compile(cacheDir, 'launcher-spawner', ['-static']).then(
    (binary) => ({ launcherSpawner: binary, spawnerProblem: null }),
    (err: Error) => ({ launcherSpawner: null, spawnerProblem: `cannot build the launcher spawner: ${err.message.split('\n')[0]}` }),
  );
  try {
    const writer = await compile(cacheDir, 'seccomp-bpf', ['-lseccomp']);
    const bpf = `${writer}.bpf`;
    if (!(await exists(bpf))) {
      await run(writer, [`${bpf}.${process.pid}`]);
      await fs.rename(`${bpf}.${process.pid}`, bpf);
    }
    return { rlimitExec, execGate, sessionRunner, ...spawner, seccompBpf: bpf, seccompProblem: null };
  } catch (err) {
    const problem =
      `seccomp filter unavailable: ${(err as Error).message.split('\n')[0]} ` +
      '(fix: apt-get install -y gcc libseccomp-dev)';
    return { rlimitExec, execGate, sessionRunner, ...spawner, seccompBpf: null, seccompProblem: problem };
  }
}

async function compile(cacheDir: string, name: string, flags: string[]): Promise<string> {
  const source = path.join(sourceDir, `${name}.c`);
  const hash = createHash('sha256')
    .update(await fs.readFile(source))
    .update(flags.join(' '))
    .digest('hex')
    .slice(0, 12);
  const binary = path.join(cacheDir, `${name}-${hash}`);
  if (await exists(binary)) return binary;
  // Build under a private name, then rename: concurrent processes never see a partial binary.
  const partial = `${binary}.${process.pid}.tmp`;
  try {
    await run('gcc', ['-O2', '-o', partial, source, ...flags]);
  } catch (err) {
    const e = err as { code?: string; stderr?: string; message: string };
    throw new Error(e.code === 'ENOENT' ? 'gcc not found' : (e.stderr || e.message).trim());
  }
  await fs.chmod(partial, 0o755);
  await fs.rename(partial, binary);
  return binary;
}

/** The cache holds binaries run as root: it must be ours and not writable by others. */
async function ensurePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const st = await fs.lstat(dir);
  const uid = process.getuid?.() ?? st.uid;
  if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o022) !== 0) {
    throw new Error(`helper cache ${dir} must be a directory owned by uid ${uid} and not group/world-writable`);
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
