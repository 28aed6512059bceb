// The judge's reading of the session runner's control messages (helpers/session-runner.c),
// byte by byte as the runner writes them, in the chunks a socket may cut them into. The
// runner's own tests (session.test.ts) cover what it sends in practice; a wipe that fails is
// not something a program found here can cause, so its report is checked here.
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { ControlReader } from '@verdict/sandbox-bwrap/internal/session-protocol';

const FLAG_ENDED = 16;
const FLAG_WIPE_FAILED = 32;

function report(fields: { waitStatus: number; flags: number; stdout: number; stderr: number; wallNs: number; runnerCpuNs: number }): Buffer {
  const b = Buffer.alloc(41);
  b.write('S', 0, 'latin1');
  b.writeInt32LE(fields.waitStatus, 1);
  b.writeUInt32LE(fields.flags, 5);
  b.writeBigUInt64LE(BigInt(fields.stdout), 9);
  b.writeBigUInt64LE(BigInt(fields.stderr), 17);
  b.writeBigUInt64LE(BigInt(fields.wallNs), 25);
  b.writeBigUInt64LE(BigInt(fields.runnerCpuNs), 33);
  return b;
}

/** Writes the bytes one at a time, letting the reader see each chunk on its own. */
async function trickle(control: PassThrough, bytes: Buffer): Promise<void> {
  for (const byte of bytes) {
    control.write(Buffer.from([byte]));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('sandbox session: the control messages the judge reads', function () {
  it('a report flagged "wipe failed" carries the reason from the line after it, and the next report still parses', async function () {
    const control = new PassThrough();
    const reader = new ControlReader(control);
    const wiped = Buffer.alloc(9);
    wiped.write('w', 0, 'latin1');
    wiped.writeBigUInt64LE(1234n, 1);
    const failed = report({ waitStatus: 0, flags: FLAG_ENDED | FLAG_WIPE_FAILED, stdout: 3, stderr: 0, wallNs: 2_000_000, runnerCpuNs: 5000 });
    const next = report({ waitStatus: 9, flags: FLAG_ENDED, stdout: 0, stderr: 7, wallNs: 1_000_000, runnerCpuNs: 6000 });
    const sent = trickle(control, Buffer.concat([wiped, failed, Buffer.from('ecannot remove /work/x: Device or resource busy\n'), next]));
    assert.equal(await reader.wiped(5000), 1234);
    const first = await reader.report(5000);
    assert.equal(first.wipeProblem, 'cannot remove /work/x: Device or resource busy');
    assert.deepEqual({ status: first.waitStatus, stdout: first.stdoutBytes, wallNs: first.wallNs, cpu: first.runnerCpuNs }, { status: 0, stdout: 3, wallNs: 2_000_000, cpu: 5000 });
    const second = await reader.report(5000);
    await sent;
    assert.equal(second.wipeProblem, undefined);
    assert.deepEqual({ status: second.waitStatus, stderr: second.stderrBytes, cpu: second.runnerCpuNs }, { status: 9, stderr: 7, cpu: 6000 });
    control.destroy();
  });

  it('a failed first wipe is an error naming the reason, not a ready sandbox', async function () {
    const control = new PassThrough();
    const reader = new ControlReader(control);
    control.write('ecannot empty /tmp: Permission denied\n');
    await assert.rejects(reader.wiped(5000), /cannot wipe the sandbox: cannot empty \/tmp: Permission denied/);
    control.destroy();
  });

  it('an unknown message, or a message out of turn, ends the session with an error', async function () {
    const unknown = new PassThrough();
    const reader = new ControlReader(unknown);
    unknown.write('Z');
    await assert.rejects(reader.report(5000), /unknown message \("Z"\)/);
    unknown.destroy();

    const early = new PassThrough();
    const second = new ControlReader(early);
    early.write(report({ waitStatus: 0, flags: FLAG_ENDED, stdout: 0, stderr: 0, wallNs: 1, runnerCpuNs: 1 }));
    await assert.rejects(second.wiped(5000), /said 'S' where 'w' was due/);
    early.destroy();
  });

  it('a runner that goes quiet is an error after the timeout; one that ends, at once', async function () {
    const quiet = new PassThrough();
    await assert.rejects(new ControlReader(quiet).report(50), /did not answer within 50 ms/);
    quiet.destroy();
    const ending = new PassThrough();
    const reader = new ControlReader(ending);
    ending.end();
    ending.resume();
    await assert.rejects(reader.report(5000), /the session runner ended/);
  });
});
