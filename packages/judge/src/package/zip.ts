// Unpacks an uploaded zip defensively: no path traversal, absolute paths or device files;
// symbolic links only to a place inside the package, replaced by what they point to (links.ts)
// once every file is written (a link made earlier could send a later entry's write elsewhere);
// caps on the number of files and the unpacked size; zip-bomb checks (ratio, overlapping entries,
// entries larger than declared).
import { createWriteStream } from 'node:fs';
import { mkdir, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { PackageError } from './errors.ts';
import { findLinks, replaceLinksInPlace } from './links.ts';

export interface ZipLimits {
  maxFiles: number;
  maxUnpackedBytes: number;
  /** Largest uncompressed/compressed ratio accepted for an entry over 1 MiB. */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxFiles: 10_000, maxUnpackedBytes: 1 << 30, maxRatio: 1000 };

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const MAX_LINK_TARGET = 4096;

export async function extractZip(zipPath: string, destDir: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<void> {
  const zipSize = (await stat(zipPath)).size;
  const zip = await openZip(zipPath);
  try {
    if (zip.entryCount > limits.maxFiles) {
      throw new PackageError(`the zip holds ${zip.entryCount} entries, more than the limit of ${limits.maxFiles}`);
    }
    await mkdir(destDir, { recursive: true });
    let declared = 0;
    let compressed = 0;
    let written = 0;
    const links: { name: string; target: string }[] = [];
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      const name = entry.fileName;
      checkEntryName(name);
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      const isDir = name.endsWith('/');
      if (entry.isEncrypted()) throw new PackageError(`zip entry "${name}" is encrypted`);
      if (mode === S_IFLNK) {
        links.push({ name, target: await linkTarget(zip, entry) });
        continue;
      }
      if (mode !== 0 && mode !== S_IFREG && mode !== S_IFDIR) {
        throw new PackageError(`zip entry "${name}" is a special file; only files, folders and links inside the package are accepted`);
      }
      declared += entry.uncompressedSize;
      compressed += entry.compressedSize;
      if (declared > limits.maxUnpackedBytes) {
        throw new PackageError(`the zip unpacks to more than ${formatBytes(limits.maxUnpackedBytes)} (limit); is it a zip bomb?`);
      }
      if (compressed > zipSize) throw new PackageError('the zip has overlapping entries (a zip bomb); refused');
      if (entry.uncompressedSize > 1 << 20 && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio) {
        const ratio = Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize));
        throw new PackageError(`zip entry "${name}" has a compression ratio of ${ratio}:1, which looks like a zip bomb`);
      }
      const target = path.join(destDir, name);
      if (isDir) {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      const stream = await openEntry(zip, entry);
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          written += chunk.length;
          if (written > limits.maxUnpackedBytes) done(new PackageError(`the zip unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}; is it a zip bomb?`));
          else done(null, chunk);
        },
      });
      try {
        await pipeline(stream, counter, createWriteStream(target, { flags: 'wx', mode: 0o644 }));
      } catch (err) {
        if (err instanceof PackageError) throw err;
        const code = (err as NodeJS.ErrnoException).code;
        // Writing failed for the host's reasons (a full disk, a quota, I/O): not the package's.
        if (code && HOST_WRITE_ERRORS.has(code)) throw err;
        if (code === 'EEXIST') throw new PackageError(`zip entry "${name}" appears more than once`);
        throw new PackageError(`zip entry "${name}" is corrupt or larger than its header says (${(err as Error).message})`);
      }
    }
    await placeLinks(destDir, links, limits);
  } finally {
    zip.close();
  }
}

async function linkTarget(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  const name = entry.fileName;
  if (entry.uncompressedSize > MAX_LINK_TARGET) throw new PackageError(`zip entry "${name}" is a symbolic link with a target over ${MAX_LINK_TARGET} bytes`);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  } catch (err) {
    if (err instanceof PackageError) throw err;
    throw new PackageError(`zip entry "${name}" is corrupt (${(err as Error).message})`);
  }
  const target = Buffer.concat(chunks).toString('utf8');
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(name), target));
  if (target === '' || target.includes('\0') || path.posix.isAbsolute(target) || resolved === '..' || resolved.startsWith('../')) {
    throw new PackageError(`zip entry "${name}" is a symbolic link (to ${JSON.stringify(target.slice(0, 200))}) that leaves the package: only links inside the package are followed`);
  }
  return target;
}

/** Makes the links once every file is written, then replaces each by what it points to. */
async function placeLinks(destDir: string, links: { name: string; target: string }[], limits: ZipLimits): Promise<void> {
  if (links.length === 0) return;
  for (const { name, target } of links) {
    const at = path.join(destDir, name.replace(/\/+$/, ''));
    await mkdir(path.dirname(at), { recursive: true });
    await symlink(target, at).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') throw new PackageError(`zip entry "${name}" appears more than once`);
      if (err.code && HOST_WRITE_ERRORS.has(err.code)) throw err;
      throw new PackageError(`zip entry "${name}" cannot be made as a symbolic link (${err.message})`);
    });
  }
  const found = await findLinks(destDir);
  await replaceLinksInPlace(destDir, found.links, { maxEntries: limits.maxFiles });
}

/** Write errors that are the host's trouble, passed on as they are (the server answers 507 for the first two). */
const HOST_WRITE_ERRORS = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EMFILE', 'ENFILE', 'ENOMEM']);

function checkEntryName(name: string) {
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\\')) {
    throw new PackageError(`zip entry "${name}" has an absolute path; refused`);
  }
  if (name.split('/').some((part) => part === '..')) {
    throw new PackageError(`zip entry "${name}" points outside the package (path traversal); refused`);
  }
  if (name.includes('\0')) throw new PackageError(`zip entry name ${JSON.stringify(name)} contains a NUL byte`);
  const long = name.split('/').find((part) => Buffer.byteLength(part) > MAX_NAME_BYTES);
  if (long !== undefined) throw new PackageError(`zip entry "${name.slice(0, 80)}…" has a name of ${Buffer.byteLength(long)} bytes (at most ${MAX_NAME_BYTES} per file or folder name)`);
}

/** The longest file or folder name Linux file systems take (NAME_MAX). */
const MAX_NAME_BYTES = 255;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // yauzl rejects traversal, absolute and backslash names itself; explainYauzlError words them.
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, autoClose: false, decodeStrings: true, strictFileNames: true }, (err, zip) => {
      if (err) reject(new PackageError(`not a valid zip file: ${err.message}`));
      else resolve(zip);
    });
  });
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.removeListener('entry', onEntry);
      zip.removeListener('end', onEnd);
      zip.removeListener('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(explainYauzlError(err)));
    zip.once('entry', onEntry);
    zip.once('end', onEnd);
    zip.once('error', onError);
    zip.readEntry();
  });
}

function explainYauzlError(err: Error): PackageError {
  const m = err.message;
  if (/invalid relative path/.test(m)) return new PackageError(`zip entry points outside the package (path traversal): ${m}`);
  if (/absolute path/.test(m)) return new PackageError(`zip entry has an absolute path: ${m}`);
  if (/backslash/.test(m)) return new PackageError(`zip entry has an absolute or Windows path: ${m}`);
  return new PackageError(`not a valid zip file: ${m}`);
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => (err ? reject(new PackageError(`cannot read zip entry "${entry.fileName}": ${err.message}`)) : resolve(stream)));
  });
}

function formatBytes(n: number): string {
  return n >= 1 << 30 ? `${n / (1 << 30)} GiB` : n >= 1 << 20 ? `${n / (1 << 20)} MiB` : `${n} bytes`;
}
