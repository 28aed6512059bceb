// How the built-in checkers read output and answers: byte for byte (latin1 maps each byte to one
// character, so invalid UTF-8, NUL and latin-1 text compare exactly and never collapse into
// U+FFFD), with whitespace meaning ASCII whitespace only. No regular expression here may
// backtrack: a hostile output (a million spaces and then a letter) must be checked in linear time.
import { readFile } from 'node:fs/promises';

/** Space, tab, LF, VT, FF, CR. */
export const ASCII_WHITESPACE = /[ \t\n\v\f\r]+/;

function isAsciiSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

export function readBytesAsText(file: string): Promise<string> {
  return readFile(file, 'latin1');
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
