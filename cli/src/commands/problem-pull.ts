// `verdict problem pull <id> --server URL`: download the problem's current package and unpack
// it (with the judge's safe extraction) into a folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractZip } from '@verdict/judge';
import { PackageError } from '@verdict/judge';
import { CliError } from '../errors.ts';
import { progressBar } from '../output.ts';
import { ServerClient } from '../server-client.ts';

interface PullOptions {
  server: string;
  output?: string;
}

/** A zip of a folder holds one top folder: the package is inside it. */
function packageRoot(dir: string): string {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith('__MACOSX'));
  return entries.length === 1 && entries[0].isDirectory() ? path.join(dir, entries[0].name) : dir;
}

function assertFreeTarget(dir: string): void {
  if (fs.readdirSync(dir).length > 0) throw new CliError(`${dir} already exists and is not empty; choose another folder with --output`);
}

export default async function problemPull(idText: string, opts: PullOptions): Promise<void> {
  const id = Number(idText);
  if (!Number.isInteger(id) || id < 1) throw new CliError(`the problem id must be a positive integer, got "${idText}"`);
  const target = path.resolve(opts.output ?? `problem-${id}`);
  if (fs.existsSync(target)) {
    if (!fs.statSync(target).isDirectory()) throw new CliError(`${target} is a file, not a folder`);
    assertFreeTarget(target);
  }
  const client = ServerClient.loggedIn(opts.server);
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'verdict-pull-'));
  try {
    const zipPath = path.join(scratch, 'package.zip');
    let bar: ReturnType<typeof progressBar> | undefined;
    await client.download('/api/admin/problem/export', { problemId: id }, zipPath, (received, total) => {
      bar ??= progressBar(total);
      bar.update(received, 'bytes');
    });
    bar?.stop();
    const unpacked = path.join(scratch, 'unpacked');
    try {
      await extractZip(zipPath, unpacked);
    } catch (err) {
      if (err instanceof PackageError) throw new CliError(`the package from ${client.baseUrl} was refused: ${err.message}`);
      throw err;
    }
    const root = packageRoot(unpacked);
    fs.mkdirSync(target, { recursive: true });
    for (const name of fs.readdirSync(root)) await moveInto(path.join(root, name), path.join(target, name));
    console.log(`Problem #${id} from ${client.baseUrl} written to ${target}`);
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

async function moveInto(from: string, to: string): Promise<void> {
  try {
    await fs.promises.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fs.promises.cp(from, to, { recursive: true, errorOnExist: true, force: false });
  }
}
