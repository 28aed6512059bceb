// `verdict problem push <dir|zip> --server URL`: create or update the problem from its
// package (title, time limit, memory limit) and upload the package as its test data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError } from '../errors.ts';
import { openProblem } from '../judge-setup.ts';
import { printJson, progressBar } from '../output.ts';
import { zipFolder } from '../package-zip.ts';
import { checkLimits, checkTitle } from '../problem-rules.ts';
import { ServerClient } from '../server-client.ts';
import type { ApiData } from '@verdict/shared';

interface PushOptions {
  server: string;
  id?: string;
  json?: boolean;
}

type WireProblem = ApiData<'POST /api/admin/problem/add'>;

function parseId(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const id = Number(text);
  if (!Number.isInteger(id) || id < 1) throw new CliError(`--id must be a positive integer, got "${text}"`);
  return id;
}

/** Updates problem `id`, or the one titled exactly `title`, or creates it; says which. */
async function upsertProblem(client: ServerClient, id: number | undefined, fields: { title: string; timeLimit: number; memoryLimit: number }): Promise<{ problem: WireProblem; created: boolean }> {
  let targetId = id;
  if (targetId === undefined) {
    const matches = await client.get('/api/admin/problem/list', { title: fields.title });
    targetId = matches.find((p) => p.title === fields.title)?.id;
  }
  if (targetId === undefined) return { problem: await client.json('/api/admin/problem/add', fields), created: true };
  return { problem: await client.json('/api/admin/problem/update', { id: targetId, ...fields }, 'PUT'), created: false };
}

export default async function problemPush(location: string, opts: PushOptions): Promise<void> {
  const id = parseId(opts.id);
  const client = ServerClient.loggedIn(opts.server);
  const isFolder = fs.statSync(location, { throwIfNoEntry: false })?.isDirectory() ?? false;
  const { problem, cleanup } = await openProblem(location);
  await cleanup();
  // Without a name in problem.yaml the loader names a problem after its folder: for a zip,
  // that is a temp folder, so the zip's own name is the better title.
  const unnamed = !isFolder && problem.name === path.basename(problem.dir);
  const title = unnamed ? path.basename(location).replace(/\.zip$/i, '') : problem.name;
  const fields = { title, timeLimit: problem.timeLimitMs, memoryLimit: problem.memoryLimitMb };
  const refusal = checkTitle(fields.title) ?? checkLimits(fields.timeLimit, fields.memoryLimit);
  if (refusal) throw new CliError(`problem package ${location}: ${refusal}`);

  const scratch = isFolder ? await fs.promises.mkdtemp(path.join(os.tmpdir(), 'verdict-push-')) : undefined;
  try {
    const zipPath = scratch ? path.join(scratch, `${path.basename(path.resolve(location))}.zip`) : location;
    if (scratch) await zipFolder(location, zipPath);
    const { problem: saved, created } = await upsertProblem(client, id, fields);
    const bar = progressBar(fs.statSync(zipPath).size, !opts.json);
    const upload = await client.upload('/api/admin/problem/upload', { problemId: saved.id }, 'file', zipPath, (sent) => bar.update(sent, 'bytes'));
    bar.stop();
    if (opts.json) {
      printJson({ id: saved.id, title: saved.title, created, version: upload.version, hash: upload.hash, tests: upload.tests });
    } else {
      console.log(`${created ? 'Created' : 'Updated'} problem #${saved.id} "${saved.title}" on ${client.baseUrl}: data version ${upload.version}, ${upload.tests} tests.`);
    }
  } finally {
    if (scratch) await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}
