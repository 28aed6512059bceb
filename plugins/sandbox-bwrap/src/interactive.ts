// An interactive run: the program and the validator, each a run of its own (own sandbox, cgroups,
// limits, figures), whose stdin and stdout are joined directly by the kernel: the validator's
// launcher is started as usual, and the program's launcher gets our ends of the validator's
// program pipes as its fds 6 and 7. We close our copies before either request is sent, so from
// then on only the two programs' processes hold the pipes, and no byte passes through the judge.
import type { Duplex } from 'node:stream';
import type { InteractiveRunRequest, InteractiveRunResult, PipedRunRequest, RunResult } from '@verdict/plugin-api';
import { PROGRAM_STDIO_FDS } from './bwrap-args.ts';
import { startLauncher, type Launcher } from './launcher.ts';
import type { SandboxEnvironment } from './environment.ts';
import { runSandboxed } from './run.ts';
import { systemError } from './verdict.ts';

export async function runInteractiveInSandbox(env: SandboxEnvironment, req: InteractiveRunRequest): Promise<InteractiveRunResult> {
  const invalid = pipedProblem('program', req.program) ?? pipedProblem('validator', req.validator);
  if (invalid) return bothFailed(`invalid interactive run request: ${invalid}`);
  const launchers = await startLaunchers(env);
  if (typeof launchers === 'string') return bothFailed(launchers);
  const { validator, program } = launchers;
  // The program's launcher holds its own copies now. Ours of the validator's stdin goes at once:
  // with it open, the validator would never read EOF. Ours of its stdout (the program's stdin),
  // never read, stays until the validator ends, as problemtools keeps it: a validator writing
  // after the program ended is not killed by SIGPIPE. destroy() closes without shutdown(), which
  // would cut the program's copy too.
  const [validatorIn, validatorOut] = PROGRAM_STDIO_FDS.slice(0, 2).map((fd) => validator.stdio[fd] as Duplex);
  validatorIn.destroy();
  void validator.exited.then(() => validatorOut.destroy());
  // Kept unread, ours would fill up once the program is gone, and a validator writing more than
  // the socket holds (~200 KB) blocked until its own wall-clock limit: SE for a program that
  // merely crashed early (found by a hostile review). Once no process of the program is left
  // (its launcher reaps them all before it exits), what the validator writes is thrown away.
  void program.exited.then(() => discardFrom(validatorOut));
  const [programRun, validatorRun] = await Promise.all([runSandboxed(env, req.program, program), runSandboxed(env, req.validator, validator)]);
  return {
    program: programRun.result,
    validator: validatorRun.result,
    firstToEnd: programRun.endedAt <= validatorRun.endedAt ? 'program' : 'validator',
  };
}

/**
 * The validator's launcher, and the program's, given the validator's pipes; or why not. The
 * spawner keeps copies of our ends of the validator's pipes for the program's launcher (it closes
 * them once that one has its own), so the spare launcher, started without, is not used here.
 */
async function startLaunchers(env: SandboxEnvironment): Promise<{ validator: Launcher; program: Launcher } | string> {
  env.closed = false;
  let validator: Launcher | undefined;
  try {
    validator = await startLauncher(env, { keep: true });
    return { validator, program: await startLauncher(env, { connectedTo: validator }) };
  } catch (err) {
    validator?.kill('SIGKILL');
    // Its writable pipes would stay open for ever (Node closes only what it reads to the end).
    for (const stream of validator?.stdio ?? []) stream?.destroy();
    return `cannot start the launchers: ${(err as Error).message}`;
  }
}

/**
 * Reads and drops what arrives on `stream`, our end of the validator's stdout. The program's
 * launcher cleared O_NONBLOCK on it for the program (the open file is shared): it is set again
 * first, or a read of libuv's could block the judge's event loop. Without the means to set it,
 * nothing is read (the validator then ends at its wall-clock limit, as before).
 */
function discardFrom(stream: Duplex): void {
  const handle = (stream as Duplex & { _handle?: { setBlocking?(blocking: boolean): number } | null })._handle;
  if (stream.destroyed || typeof handle?.setBlocking !== 'function' || handle.setBlocking(false) !== 0) return;
  stream.on('data', () => undefined);
  stream.resume();
}

/** A JavaScript caller can pass what the types leave out: the pipes are the only stdio. */
function pipedProblem(side: string, req: PipedRunRequest): string | null {
  const given = req as PipedRunRequest & { stdin?: unknown; stdoutFile?: unknown };
  if (given.stdin !== undefined || given.stdoutFile !== undefined) return `the ${side}'s stdin and stdout are the pipes: stdin and stdoutFile cannot be given`;
  return null;
}

function bothFailed(message: string): InteractiveRunResult {
  const failed: RunResult = systemError(message);
  return { program: failed, validator: failed, firstToEnd: 'program' };
}
