// What the session runner says on the control socket (helpers/session-runner.c): 'w' once the
// sandbox is wiped and ready for a test, 'e' and a line when the wipe failed, and after each
// test 'S' and 32 bytes: the raw wait status (int32), flags (uint32), the stdout and stderr
// bytes relayed and the wall time in ns (uint64 each), little-endian.
import type { Duplex } from 'node:stream';

export interface TestReport {
  waitStatus: number | null;
  wall: boolean;
  output: boolean;
  noInput: boolean;
  stdoutBytes: number;
  stderrBytes: number;
  wallNs: number;
}

type Message = { kind: 'w' } | { kind: 'e'; text: string } | { kind: 'S'; report: TestReport };

const REPORT_BYTES = 33;
// 4 (killed on the judge's word) is not read: the judge knows it asked.
const FLAG = { wall: 1, output: 2, noInput: 8, ended: 16 };

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

  /** Waits for the runner's 'w'. */
  async wiped(timeoutMs: number): Promise<void> {
    await this.next('w', timeoutMs);
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
        this.messages.push({ kind: 'w' });
        this.buffer = this.buffer.subarray(1);
      } else if (kind === 'e') {
        const end = this.buffer.indexOf(0x0a);
        if (end < 0) return;
        this.messages.push({ kind: 'e', text: this.buffer.toString('utf8', 1, end) });
        this.buffer = this.buffer.subarray(end + 1);
      } else if (kind === 'S') {
        if (this.buffer.length < REPORT_BYTES) return;
        const b = this.buffer;
        const flags = b.readUInt32LE(5);
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
