// A contest as a Contest Package (ICPC CCS specification 2026-01, Contest_Package.md), built in
// the server as an administrator reads the 2026-01 API: api.json, contest.json, one
// <endpoint>.json per endpoint, event-feed.ndjson (the feed as it is now, without tokens, which
// are optional), each submission's files at submissions/<id>/files.zip (its file reference's
// filename) and each problem's package at problems/<id>/<id>.zip; zipped with names in order and
// fixed file times. GET /api/contest/package serves it to the admin web page (the contest's board)
// and to `verdict contest export`.
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Clock } from '../../common/clock.ts';
import type { Config } from '../../config.ts';
import { FileReply } from '../../common/files.ts';
import { exportProblem } from '../problems/index.ts';
import { CcsReader, COLLECTIONS, REST_ONLY_COLLECTIONS, type CcsDeps } from './ccs-collections.ts';
import { feedSnapshot } from './ccs-feed-snapshot.ts';
import { submissionFilesZip } from './ccs-submission-files.ts';
import { groupObject } from './ccs-teams.ts';
import { apiInformation, type VersionedContext } from './ccs-versions.ts';
import { ccsContext } from './ccs-viewer.ts';

/** What writing a contest package needs of the services. */
type PackageServices = CcsDeps & { config: Config; clock: Clock };

/** The endpoints of a contest a package holds as <endpoint>.json, besides contest.json and api.json. */
export const PACKAGE_ENDPOINTS: readonly string[] = [...COLLECTIONS, ...REST_ONLY_COLLECTIONS, 'state', 'scoreboard'];

const FIXED_MTIME = new Date('2000-01-01T00:00:00Z');

async function bytesOf(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * groups.json: the API's groups, a hidden one with `"hidden": true` as DOMjudge's groups.json
 * has it (the API's group has no such property: there its teams say they are hidden), so that
 * importing the package hides the same groups (docs/ccs-api.md, Contest packages).
 */
async function packageGroups(reader: CcsReader) {
  return (await reader.groups()).map((g) => ({ ...groupObject(g), ...(g.hidden ? { hidden: true } : {}) }));
}

/** The package's files by path. */
export async function contestPackageFiles(services: PackageServices, ctx: VersionedContext): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const json = (name: string, value: unknown) => files.set(name, Buffer.from(`${JSON.stringify(value, null, 2)}\n`));
  const reader = new CcsReader(services, ctx);
  json('api.json', apiInformation('2026-01'));
  json('contest.json', reader.contest());
  for (const endpoint of PACKAGE_ENDPOINTS) {
    json(`${endpoint}.json`, endpoint === 'state' ? reader.state() : endpoint === 'scoreboard' ? await reader.scoreboard() : endpoint === 'groups' ? await packageGroups(reader) : await reader.collection(endpoint as never));
  }
  // Each notification as the feed writes it, without a token (optional in a package).
  files.set('event-feed.ndjson', Buffer.from((await feedSnapshot(reader)).map((item) => `${item.head}}\n`).join('')));
  for (const submission of (await reader.collection('submissions')) as { id: string; files: { filename: string }[] }[]) {
    for (const file of submission.files) files.set(`submissions/${submission.id}/${file.filename}`, await bytesOf((await submissionFilesZip(services.db, ctx, submission.id)).body));
  }
  for (const problem of await reader.collection('problems')) {
    try {
      files.set(`problems/${problem.id}/${problem.id}.zip`, await bytesOf((await exportProblem(services, Number(problem.id))).body));
    } catch {
      // A problem without test data has no package to put in.
    }
  }
  return files;
}

/** GET /api/contest/package: the package of a contest as a zip (administrators). */
export async function contestPackageZip(services: PackageServices, contestId: number): Promise<FileReply> {
  // The administrators' view: CCS_ANONYMOUS does not apply ('all' only lets the look-up through).
  const base = await ccsContext(services.db, null, String(contestId), services.clock.now(), 'all');
  const ctx: VersionedContext = { ...base, viewer: { role: 'admin' }, version: '2026-01' };
  const files = await contestPackageFiles(services, ctx);
  const zip = new yazl.ZipFile();
  for (const name of [...files.keys()].sort()) zip.addBuffer(files.get(name)!, name, { mtime: FIXED_MTIME, mode: 0o100644 });
  zip.end();
  return new FileReply(await bytesOf(zip.outputStream as unknown as Readable), 'application/zip', `contest-${contestId}.zip`);
}
