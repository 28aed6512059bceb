// `verdict contest export <id> <dir|zip>`: a contest as a Contest Package (ICPC CCS
// specification 2026-01, Contest_Package.md), read from a server's Contest API as an
// administrator: api.json, contest.json, one <endpoint>.json per collection, state.json,
// scoreboard.json, event-feed.ndjson, each submission's files (submissions/<id>/files.zip) and
// each problem's package (problems/<id>/<id>.zip). The ICPC Resolver and CDS read such a folder.
// A folder is written; a path ending in .zip gets the folder zipped.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_ENDPOINTS } from '@verdict/server/ccs';
import { CliError } from '../errors.ts';
import { zipFolder } from '../package-zip.ts';
import { ServerClient, ServerError } from '../server-client.ts';

interface ExportOptions {
  server?: string;
}

interface FileRef {
  href?: string;
  filename: string;
}

/** Writes the package of contest `contestId` into the empty or new folder `dir`; the files written. */
export async function writeContestPackage(client: ServerClient, contestId: string, dir: string): Promise<string[]> {
  const written: string[] = [];
  const save = async (name: string, bytes: Buffer | string) => {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), bytes);
    written.push(name);
  };
  const api = (p: string) => client.document(`/api/ccs${p}`);
  const json = async (p: string) => JSON.parse((await api(p)).toString('utf8')) as unknown;
  const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const base = `/contests/${encodeURIComponent(contestId)}`;

  await save('api.json', pretty(await json('')));
  await save('contest.json', pretty(await json(base)));
  const objects: Record<string, unknown> = {};
  for (const endpoint of PACKAGE_ENDPOINTS) await save(`${endpoint}.json`, pretty((objects[endpoint] = await json(`${base}/${endpoint}`))));
  await save('event-feed.ndjson', await api(`${base}/event-feed?stream=false`));

  for (const submission of objects.submissions as { id: string; files: FileRef[] }[]) {
    for (const file of submission.files) {
      if (file.href) await save(`submissions/${submission.id}/${file.filename}`, await api(`/${file.href}`));
    }
  }
  for (const problem of objects.problems as { id: string }[]) {
    try {
      await save(`problems/${problem.id}/${problem.id}.zip`, await client.document(`/api/admin/problem/export?problemId=${encodeURIComponent(problem.id)}`));
    } catch (err) {
      // A problem without a package has none to export; anything else is a failure.
      if (!(err instanceof ServerError && err.status === 404)) throw err;
    }
  }
  return written;
}

export default async function contestExport(id: string, dest: string, opts: ExportOptions): Promise<void> {
  if (!opts.server) throw new CliError('contest export reads the Contest API of a running server: give --server URL (log in first with `verdict login --server URL`)');
  if (!/^[1-9][0-9]{0,9}$/.test(id)) throw new CliError(`contest id must be a number, not "${id}"`);
  const client = ServerClient.loggedIn(opts.server);
  const zip = dest.toLowerCase().endsWith('.zip');
  const dir = zip ? await fs.mkdtemp(path.join(os.tmpdir(), 'verdict-package-')) : path.resolve(dest);
  try {
    if (!zip) {
      const existing = await fs.readdir(dir).catch(() => []);
      if (existing.length) throw new CliError(`${dir} is not empty: give a new or empty folder, or a .zip path`);
    }
    const written = await writeContestPackage(client, id, dir);
    if (zip) await zipFolder(dir, path.resolve(dest));
    process.stdout.write(`contest ${id}: ${written.length} files written to ${path.resolve(dest)}\n`);
  } finally {
    if (zip) await fs.rm(dir, { recursive: true, force: true });
  }
}
