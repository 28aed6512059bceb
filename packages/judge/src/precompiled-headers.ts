// Precompiled headers: a language's common header (C++'s bits/stdc++.h) compiled once per
// toolchain through the backend, kept in the cache folder, and handed to every compile of that
// language read-only (`/pch` in the sandbox). A source including it first then compiles in a
// quarter of the time (docs/benchmarks.md). The compiler checks the header was made by the same
// compiler with the same flags and otherwise ignores it, so a stale or unusable one costs
// nothing but the time to find it out. A build that fails is logged and not tried again by this
// process: compiles go on without it.
import { createHash } from 'node:crypto';
import { access, chmod, copyFile, link, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JudgeBackend } from './plugin-api.ts';
import { COMPILE_LIMITS } from './compile.ts';
import { languageEnv } from './languages.ts';
import type { Language } from './types.ts';
import { makeWorkDir, removeDir } from './workspace.ts';

/** Where the header's folder is seen by compiles in a sandbox. */
export const PCH_SANDBOX_DIR = '/pch';

/** What a compile adds to use a precompiled header. */
export interface CompileExtras {
  /** Arguments placed right after the compiler's name. */
  args: string[];
  readOnlyBinds: { host: string; sandbox: string }[];
}

export interface PrecompiledHeaderEnv {
  backend: JudgeBackend;
  cacheDir: string;
  workRoot: string;
  log: (message: string) => void;
}

export class PrecompiledHeaders {
  private readonly building = new Map<string, Promise<string | null>>();
  private readonly visibleDirs: string[] = [];

  constructor(private readonly env: PrecompiledHeaderEnv) {}

  /** The extras for a compile of `language` with toolchain `toolchain`, or null (no header, or it cannot be built). */
  async extrasFor(language: Language, toolchain: string): Promise<CompileExtras | null> {
    const spec = language.precompiledHeader;
    if (!spec) return null;
    const key = createHash('sha256').update(JSON.stringify([language.id, toolchain, spec, this.env.backend.name])).digest('hex').slice(0, 32);
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.visible(language, key).catch((err: Error) => {
        this.env.log(`precompiled header of ${language.name} not built; compiling without it: ${err.message}`);
        return null;
      });
      this.building.set(key, pending);
    }
    const hostDir = await pending;
    if (!hostDir) return null;
    // The unsafe backend runs on the host's files: the folder is used where it is.
    const dir = this.env.backend.unsafe ? hostDir : PCH_SANDBOX_DIR;
    return {
      args: spec.use.map((arg) => arg.replaceAll('{dir}', dir)),
      readOnlyBinds: this.env.backend.unsafe ? [] : [{ host: hostDir, sandbox: PCH_SANDBOX_DIR }],
    };
  }

  /** Removes this process's visible copies (the cache keeps the headers). */
  async close(): Promise<void> {
    this.building.clear();
    for (const dir of this.visibleDirs.splice(0)) await removeDir(dir);
  }

  /**
   * The header's folder where the sandbox's user can reach it: the cache folder may sit in a
   * private DATA_DIR, so each process links (or copies) it into a folder of its own under the
   * work root, which the sandbox traverses (swept with the process's other work folders).
   */
  private async visible(language: Language, key: string): Promise<string> {
    const cached = await this.build(language, key);
    const dir = await makeWorkDir(this.env.workRoot, 'pch');
    this.visibleDirs.push(dir);
    await linkTree(cached, dir);
    await readableTree(dir);
    return dir;
  }

  private async build(language: Language, key: string): Promise<string> {
    const spec = language.precompiledHeader!;
    const dir = path.join(this.env.cacheDir, 'pch', `${language.id}-${key}`);
    if (await exists(path.join(dir, '.built'))) return dir;
    const workDir = await makeWorkDir(this.env.workRoot, 'pch');
    try {
      const output = `pch/${spec.include}.gch`;
      await mkdir(path.join(workDir, path.dirname(output)), { recursive: true, mode: 0o777 });
      await writeFile(path.join(workDir, 'header.h'), `#include <${spec.include}>\n`, { mode: 0o644 });
      const argv = spec.build.map((arg) => arg.replaceAll('{output}', output).replaceAll('{header}', 'header.h'));
      const started = performance.now();
      const result = await this.env.backend.run({ argv, workDir, env: languageEnv(language), limits: { ...COMPILE_LIMITS, cpuMs: 60_000, wallMs: 120_000 } });
      if (result.status !== 'OK') throw new Error(`${result.message ?? result.status}: ${result.stderr.trim().slice(0, 500)}`);
      if (!(await exists(path.join(workDir, output)))) throw new Error(`the build did not write ${output}`);
      await writeFile(path.join(workDir, 'pch', '.built'), `${new Date().toISOString()}\n`);
      // Readable by the sandbox's user, whatever modes the build left.
      await readableTree(path.join(workDir, 'pch'));
      await mkdir(path.dirname(dir), { recursive: true });
      await rename(path.join(workDir, 'pch'), dir).catch(async (err) => {
        if (!(await exists(path.join(dir, '.built')))) throw err; // another process built it first
      });
      this.env.log(`precompiled header ${spec.include} of ${language.name} built in ${Math.round(performance.now() - started)} ms`);
      return dir;
    } finally {
      await removeDir(workDir);
    }
  }
}

async function linkTree(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await mkdir(target);
      await linkTree(source, target);
    } else if (entry.isFile()) {
      await link(source, target).catch(() => copyFile(source, target));
    }
  }
}

async function readableTree(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await readableTree(file);
    else if (entry.isFile()) await chmod(file, 0o644);
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
