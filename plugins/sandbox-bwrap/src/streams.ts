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
