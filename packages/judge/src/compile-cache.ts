// Compiled programs kept by (language, toolchain, compile command, source): a rejudge, a second
// judge of the same file or a problem setter's `validate` run again never compiles the same
// source twice. Only successful compiles whose outputs are plain files at the top of the work
// folder are kept (what a failed or unusual compile did is done again). The folder is bounded:
// past MAX_ENTRIES or MAX_BYTES the least recently used entries go, at the next prune. Pruning
// reads every entry (~50 ms for 600 of them), so it runs at most every PRUNE_EVERY_MS across
// processes (a stamp file), and every 50 entries one process keeps: not at the first keep of every
// process, which put it in front of every `verdict judge` of a new source.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from './types.ts';

const MAX_ENTRIES = 2000;
const MAX_BYTES = 1024 * 2 ** 20;
/** A program bigger than this is not worth keeping. */
const MAX_ENTRY_BYTES = 64 * 2 ** 20;
const MESSAGE_FILE = '.compile-message';
const PRUNE_EVERY_MS = 10 * 60_000;
/** Touched by each prune, in the cache folder. */
const PRUNE_STAMP = 'last-prune';

export class CompileCache {
  private readonly dir: string;
  private puts = 0;

  constructor(cacheDir: string) {
    this.dir = path.join(cacheDir, 'compiled');
  }

  key(language: Language, toolchain: string, source: string): string {
    return createHash('sha256')
      .update(JSON.stringify([language.id, toolchain, language.compile, language.sourceFile]))
      .update('\0')
      .update(source)
      .digest('hex');
  }

  /** Copies a kept program into `workDir` and answers its compile message; null when none is kept. */
  async restore(key: string, workDir: string): Promise<{ message: string } | null> {
    const entry = path.join(this.dir, key);
    let names: string[];
    try {
      names = await readdir(entry);
    } catch {
      return null;
    }
    if (!names.includes(MESSAGE_FILE)) return null; // being written
    for (const name of names) if (name !== MESSAGE_FILE) await copyFile(path.join(entry, name), path.join(workDir, name));
    const now = new Date();
    await utimes(entry, now, now).catch(() => {});
    return { message: await readFile(path.join(entry, MESSAGE_FILE), 'utf8') };
  }

  /** Keeps what a successful compile left in `workDir` (not the sources), if it is plain files. */
  async keep(key: string, workDir: string, sourceFiles: string[], message: string): Promise<void> {
    const entries = await readdir(workDir, { withFileTypes: true });
    if (entries.some((e) => !e.isFile())) return;
    const files = entries.map((e) => e.name).filter((name) => !sourceFiles.includes(name) && name !== MESSAGE_FILE);
    let bytes = 0;
    for (const name of files) bytes += (await stat(path.join(workDir, name))).size;
    if (bytes > MAX_ENTRY_BYTES) return;
    const entry = path.join(this.dir, key);
    const staged = `${entry}.${process.pid}.${Date.now()}`;
    await mkdir(staged, { recursive: true });
    try {
      for (const name of files) await copyFile(path.join(workDir, name), path.join(staged, name));
      await writeFile(path.join(staged, MESSAGE_FILE), message);
      await rename(staged, entry).catch(() => {}); // kept by another judge meanwhile
    } finally {
      await rm(staged, { recursive: true, force: true });
    }
    if (++this.puts % 50 === 0 || (await this.pruneDue())) await this.prune().catch(() => {});
  }

  /** Whether no process pruned the folder for PRUNE_EVERY_MS (and marks it pruned now if so). */
  private async pruneDue(): Promise<boolean> {
    const stamp = path.join(this.dir, PRUNE_STAMP);
    const last = await stat(stamp).catch(() => null);
    if (last && Date.now() - last.mtimeMs < PRUNE_EVERY_MS) return false;
    await writeFile(stamp, '').catch(() => {});
    return true;
  }

  /** Removes the least recently used entries past the bounds (and staged copies left by a killed judge). */
  async prune(): Promise<void> {
    const entries: { dir: string; used: number; bytes: number }[] = [];
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      if (name === PRUNE_STAMP) continue;
      const dir = path.join(this.dir, name);
      const info = await stat(dir).catch(() => null);
      if (!info) continue;
      if (name.includes('.') && Date.now() - info.mtimeMs > 3600_000) {
        await rm(dir, { recursive: true, force: true });
        continue;
      }
      let bytes = 0;
      for (const file of await readdir(dir).catch(() => [] as string[])) bytes += (await stat(path.join(dir, file)).catch(() => ({ size: 0 }))).size;
      entries.push({ dir, used: info.mtimeMs, bytes });
    }
    entries.sort((a, b) => b.used - a.used);
    let total = 0;
    for (const [i, entry] of entries.entries()) {
      total += entry.bytes;
      if (i >= MAX_ENTRIES || total > MAX_BYTES) await rm(entry.dir, { recursive: true, force: true });
    }
  }
}
