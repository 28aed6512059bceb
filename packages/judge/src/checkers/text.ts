// How the built-in checkers read output and answers: byte for byte (latin1 maps each byte to one
// character, so invalid UTF-8, NUL and latin-1 text compare exactly and never collapse into
// U+FFFD), with whitespace meaning ASCII whitespace only. No regular expression here may
// backtrack: a hostile output (a million spaces and then a letter) must be checked in linear time.
import { closeSync, fstatSync, openSync, readFile as readFileAsync, readFileSync } from 'node:fs';
import type { CheckerContext } from '../plugin-api.ts';

/**
 * What the judge hands its checkers: the plugin contract's paths, and the contestant's output in
 * memory when its run kept it there (a session's run: no file is written for it). A checker that
 * needs the file (a special judge, a plugin's checker) has it written first (checkers/index.ts).
 */
export interface JudgeCheckerContext extends CheckerContext {
  outputData?: Buffer;
}

/** Files up to this size are read synchronously: through the thread pool a read costs ~0.25 ms. */
const SYNC_READ_BYTES = 1 << 20;

/** Space, tab, LF, VT, FF, CR. */
export const ASCII_WHITESPACE = /[ \t\n\v\f\r]+/;

function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

export async function readBytesAsText(file: string): Promise<string> {
  const fd = openSync(file, 'r');
  let small = true;
  try {
    small = fstatSync(fd).size <= SYNC_READ_BYTES;
    if (small) return readFileSync(fd, 'latin1');
  } finally {
    if (small) closeSync(fd);
  }
  // A bigger file through the thread pool, from the descriptor already open.
  return new Promise((resolve, reject) => {
    readFileAsync(fd, 'latin1', (err, text) => {
      closeSync(fd);
      if (err) reject(err);
      else resolve(text);
    });
  });
}

/** The contestant's output, from memory when the judge has it there, else from its file. */
export function readOutput(ctx: JudgeCheckerContext): Promise<string> {
  return ctx.outputData ? Promise.resolve(ctx.outputData.toString('latin1')) : readBytesAsText(ctx.output);
}

/** The line without the ASCII whitespace at its end (a loop: `/\s+$/` is quadratic). */
export function trimEndAscii(line: string): string {
  let end = line.length;
  while (end > 0 && isAsciiSpace(line.charCodeAt(end - 1))) end--;
  return line.slice(0, end);
}

/** A short quotable excerpt for messages: bytes read by readBytesAsText shown as UTF-8 where valid. */
export function excerpt(bytes: string, max: number): string {
  const head = bytes.slice(0, max * 4);
  const text = /[^\x00-\xff]/.test(head) ? head : Buffer.from(head, 'latin1').toString('utf8');
  const chars = [...text];
  return JSON.stringify(chars.length > max ? `${chars.slice(0, max).join('')}…` : text);
}
