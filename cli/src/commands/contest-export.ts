// `verdict contest export <id> <dir|zip>`: a contest as a Contest Package (ICPC CCS
// specification 2026-01), as the server builds it (GET /api/contest/package, administrators;
// server/src/modules/ccs/ccs-package-write.ts): api.json, contest.json, one <endpoint>.json per
// endpoint, event-feed.ndjson, each submission's files and each problem's package. The ICPC
// Resolver and CDS read such a folder. A path ending in .zip gets the zip; otherwise a new or
// empty folder gets its files.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractZip } from '@verdict/judge';
import { CliError } from '../errors.ts';
import { ServerClient } from '../server-client.ts';

interface ExportOptions {
  server?: string;
}

export default async function contestExport(id: string, dest: string, opts: ExportOptions): Promise<void> {
  if (!opts.server) throw new CliError('contest export reads the package a running server builds: give --server URL (log in first with `verdict login --server URL`)');
  if (!/^[1-9][0-9]{0,9}$/.test(id)) throw new CliError(`contest id must be a number, not "${id}"`);
  const client = ServerClient.loggedIn(opts.server);
  const target = path.resolve(dest);
  if (dest.toLowerCase().endsWith('.zip')) {
    await client.download('/api/contest/package', { contestId: Number(id) }, target);
    process.stdout.write(`contest ${id}: package written to ${target}\n`);
    return;
  }
  if ((await fs.readdir(target).catch(() => [])).length) throw new CliError(`${target} is not empty: give a new or empty folder, or a .zip path`);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'verdict-package-'));
  try {
    const zip = path.join(scratch, 'package.zip');
    await client.download('/api/contest/package', { contestId: Number(id) }, zip);
    await extractZip(zip, target);
    process.stdout.write(`contest ${id}: package written to ${target}\n`);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}
