// `verdict contest import <package>`: a contest set up from a Contest Package (a folder or a zip;
// ICPC CCS specification 2026-01, as DOMjudge and `verdict contest export` write them) on a
// server: the package (a folder zipped first) is uploaded to POST /api/contest/package, which
// reads it, refuses by name what Verdict cannot set up (creating nothing), and sets up the
// problems from their packages, the teams' accounts, organizations with countries, groups and
// the contest (server/src/modules/ccs/ccs-package-import.ts); what it did is printed. Results
// (submissions, judgements, clarifications, the event feed) are not imported.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CliError } from '../errors.ts';
import { zipFolder } from '../package-zip.ts';
import { ServerClient } from '../server-client.ts';

interface ImportOptions {
  server?: string;
}

export default async function contestImport(source: string, opts: ImportOptions): Promise<void> {
  if (!opts.server) throw new CliError('contest import sets the contest up on a running server: give --server URL (log in first with `verdict login --server URL`)');
  const client = ServerClient.loggedIn(opts.server);
  const stat = await fs.stat(source).catch(() => null);
  if (!stat) throw new CliError(`no such package: ${source}`);
  const scratch = stat.isDirectory() ? await fs.mkdtemp(path.join(os.tmpdir(), 'verdict-import-')) : null;
  try {
    const zip = scratch ? path.join(scratch, 'package.zip') : path.resolve(source);
    if (scratch) await zipFolder(path.resolve(source), zip);
    const { log } = await client.upload('/api/contest/package', {}, 'file', zip);
    for (const line of log) process.stdout.write(`${line}\n`);
  } finally {
    if (scratch) await fs.rm(scratch, { recursive: true, force: true });
  }
}
