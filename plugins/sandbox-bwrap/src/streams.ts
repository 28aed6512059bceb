// Reading the sandbox's pipes: the control socket to EOF, stderr bounded, stdout counted byte by
// byte against the output cap (to a host file or kept in memory).
import { writeSync } from 'node:fs';
import type { Readable } from 'node:stream';

/** Every byte until the stream ends (or fails). */
export function readAll(stream: Readable): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => resolve(Buffer.concat(chunks));
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.once('end', done);
    stream.once('error', done);
    stream.once('close', done);
  });
}

/** Keeps at most `cap` bytes of a stream and drains the rest. */
export function collectBounded(stream: Readable, cap: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    stream.on('data', (c: Buffer) => {
      if (kept >= cap) return;
      const part = c.subarray(0, cap - kept);
      chunks.push(part);
      kept += part.length;
    });
    const done = () => resolve(Buffer.concat(chunks).toString('utf8'));
    stream.once('end', done);
    stream.once('close', done);
  });
}

/** Counts every stdout byte; past `cap` calls onOverflow and keeps nothing more. */
export function collectStdout(stream: Readable, fileFd: number | null, cap: number, onOverflow: () => void): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    stream.on('data', (c: Buffer) => {
      const room = cap - total;
      total += c.length;
      if (room > 0) {
        const part = c.length > room ? c.subarray(0, room) : c;
        if (fileFd !== null) writeSync(fileFd, part);
        else chunks.push(part);
      }
      if (total > cap) onOverflow();
    });
    const done = () => resolve(fileFd === null ? Buffer.concat(chunks).toString('utf8') : '');
    stream.once('end', done);
    stream.once('close', done);
  });
}

/**
 * A session's stdout or stderr: one pipe for every test, so the bytes of the current test go to
 * its sink (a host file or memory, at most `cap` kept); the runner reports how many it relayed.
 */
export class OutputSink {
  private fd: number | null = null;
  private cap = 0;
  private total = 0;
  private active = false;
  private chunks: Buffer[] = [];
  private waiter: (() => void) | null = null;
  private want = 0;

  start(fd: number | null, cap: number): void {
    this.fd = fd;
    this.cap = cap;
    this.total = 0;
    this.chunks = [];
    this.active = true;
  }

  write(chunk: Buffer): void {
    // Nothing is written between tests: every writer is dead before a test is reported.
    if (!this.active) return;
    const room = this.cap - this.total;
    this.total += chunk.length;
    if (room > 0) {
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      if (this.fd !== null) writeSync(this.fd, part);
      else this.chunks.push(part);
    }
    if (this.waiter && this.total >= this.want) this.waiter();
  }

  /** Resolves once `bytes` have arrived (or the pipe is gone). */
  until(bytes: number, stream: Readable): Promise<void> {
    if (this.total >= bytes || stream.destroyed || stream.readableEnded) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.waiter = null;
        stream.off('close', done);
        resolve();
      };
      this.want = bytes;
      this.waiter = done;
      stream.once('close', done);
    });
  }

  text(): string {
    return this.fd === null ? this.bytes().toString('utf8') : '';
  }

  /** What was kept in memory (nothing when a file was given). */
  bytes(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
  }

  stop(): void {
    this.active = false;
    this.fd = null;
  }
}
