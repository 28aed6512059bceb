// What the session runner says on the control socket (helpers/session-runner.c): 'w' and its
// CPU time in ns (uint64) once the sandbox is first wiped and ready, 'e' and a line when a wipe
// failed, and after each test (and the wipe after it) 'S' and 40 bytes: the raw wait status
// (int32), flags (uint32), the stdout and stderr bytes relayed, the wall time in ns and the
// runner's own CPU time in ns (uint64 each), little-endian. A report flagged "wipe failed" is
// followed by the 'e' line.
import type { Duplex } from 'node:stream';

export interface TestReport {
  waitStatus: number | null;
  wall: boolean;
  output: boolean;
  noInput: boolean;
  stdoutBytes: number;
  stderrBytes: number;
  wallNs: number;
  /** The runner's own CPU time, ns, when it reported (not its children's). */
  runnerCpuNs: number;
  /** The wipe after this test failed (the test's own figures stand): why. */
  wipeProblem?: string;
}

type Message = { kind: 'w'; runnerCpuNs: number } | { kind: 'e'; text: string } | { kind: 'S'; report: TestReport };

const REPORT_BYTES = 41;
const WIPED_BYTES = 9;
// 4 (killed on the judge's word) is not read: the judge knows it asked.
const FLAG = { wall: 1, output: 2, noInput: 8, ended: 16, wipeFailed: 32 };

export class ControlReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly messages: Message[] = [];
  private waiter: (() => void) | null = null;
  private ended: string | null = null;

  constructor(control: Duplex) {
    control.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.parse();
      this.waiter?.();
    });
    const end = () => {
      this.ended ??= 'the session runner ended';
      this.waiter?.();
    };
    control.once('end', end);
    control.once('close', end);
    control.on('error', end);
  }

  /** Waits for the runner's first 'w'; its CPU time then, ns. */
  async wiped(timeoutMs: number): Promise<number> {
    const message = await this.next('w', timeoutMs);
    return (message as { runnerCpuNs: number }).runnerCpuNs;
  }

  async report(timeoutMs: number): Promise<TestReport> {
    const message = await this.next('S', timeoutMs);
    return (message as { report: TestReport }).report;
  }

  private async next(kind: 'w' | 'S', timeoutMs: number): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.messages.shift();
      if (message) {
        if (message.kind === 'e') throw new Error(`the session runner cannot wipe the sandbox: ${message.text}`);
        if (message.kind !== kind) throw new Error(`the session runner said '${message.kind}' where '${kind}' was due`);
        return message;
      }
      if (this.ended) throw new Error(this.ended);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the session runner did not answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          this.waiter = null;
          resolve();
        };
      });
    }
  }

  private parse(): void {
    for (;;) {
      if (this.buffer.length === 0) return;
      const kind = String.fromCharCode(this.buffer[0]);
      if (kind === 'w') {
        if (this.buffer.length < WIPED_BYTES) return;
        this.messages.push({ kind: 'w', runnerCpuNs: Number(this.buffer.readBigUInt64LE(1)) });
        this.buffer = this.buffer.subarray(WIPED_BYTES);
      } else if (kind === 'e') {
        const end = this.buffer.indexOf(0x0a);
        if (end < 0) return;
        this.messages.push({ kind: 'e', text: this.buffer.toString('utf8', 1, end) });
        this.buffer = this.buffer.subarray(end + 1);
      } else if (kind === 'S') {
        if (this.buffer.length < REPORT_BYTES) return;
        const b = this.buffer;
        const flags = b.readUInt32LE(5);
        let wipeProblem: string | undefined;
        if (flags & FLAG.wipeFailed) {
          // The 'e' line that follows belongs to this report.
          const end = b.indexOf(0x0a, REPORT_BYTES);
          if (end < 0) return;
          wipeProblem = b.toString('utf8', REPORT_BYTES + 1, end);
          this.buffer = Buffer.concat([b.subarray(0, REPORT_BYTES), b.subarray(end + 1)]);
        }
        this.messages.push({
          kind: 'S',
          report: {
            waitStatus: flags & FLAG.ended ? b.readInt32LE(1) : null,
            wall: (flags & FLAG.wall) !== 0,
            output: (flags & FLAG.output) !== 0,
            noInput: (flags & FLAG.noInput) !== 0,
            stdoutBytes: Number(b.readBigUInt64LE(9)),
            stderrBytes: Number(b.readBigUInt64LE(17)),
            wallNs: Number(b.readBigUInt64LE(25)),
            runnerCpuNs: Number(b.readBigUInt64LE(33)),
            ...(wipeProblem !== undefined ? { wipeProblem } : {}),
          },
        });
        this.buffer = this.buffer.subarray(REPORT_BYTES);
      } else {
        this.ended = `the session runner sent an unknown message (${JSON.stringify(kind)})`;
        this.buffer = Buffer.alloc(0);
        return;
      }
    }
  }
}
