// Writes zip files byte by byte, so tests can make the hostile ones real tools refuse to create:
// traversal and absolute names, symlinks, lying size headers, overlapping entries.
import { writeFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntrySpec {
  name: string;
  data?: Buffer | string;
  /** Unix mode in the external attributes (e.g. 0o120777 for a symlink). */
  mode?: number;
  deflate?: boolean;
  /** Override the uncompressed size written in the headers. */
  declaredSize?: number;
}

export function buildZip(entries: ZipEntrySpec[], options: { shareData?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  let sharedOffset = -1;
  for (const entry of entries) {
    const raw = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? '');
    const body = entry.deflate ? deflateRawSync(raw) : raw;
    const name = Buffer.from(entry.name);
    const size = entry.declaredSize ?? raw.length;
    const method = entry.deflate ? 8 : 0;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    // With shareData every entry points at the first entry's data (an overlapping-entries bomb).
    const localOffset = options.shareData && sharedOffset >= 0 ? sharedOffset : offset;
    if (!(options.shareData && sharedOffset >= 0)) {
      locals.push(local, name, body);
      sharedOffset = offset;
      offset += local.length + name.length + body.length;
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? (entry.name.endsWith('/') ? 0o40755 : 0o100644)) << 16) >>> 0, 38);
    central.writeUInt32LE(localOffset, 42);
    centrals.push(central, name);
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

export function writeZip(file: string, entries: ZipEntrySpec[], options?: { shareData?: boolean }): string {
  writeFileSync(file, buildZip(entries, options));
  return file;
}
