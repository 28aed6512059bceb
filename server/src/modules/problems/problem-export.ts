// Problem export (for `verdict problem pull` and contest packages): the zip of the problem's
// current package, as it is stored by content hash (packages.ts), from the data folder or the
// database copy.
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import { FileReply } from '../../common/files.ts';
import { packageZipPath } from './packages.ts';

export async function exportProblem({ db, config }: { db: Kysely<DB>; config: Config }, problemId: number): Promise<FileReply> {
  const problem = await db.selectFrom('problems').select(['title', 'package_hash']).where('id', '=', problemId).executeTakeFirst();
  if (!problem) throw fail('NOT_FOUND', 'No such problem');
  if (!problem.package_hash) throw fail('NOT_FOUND', 'This problem has no test data yet');
  const fileName = `${problem.title}.zip`;
  const zipPath = packageZipPath(config, problem.package_hash);
  if (fs.existsSync(zipPath)) return new FileReply(fs.createReadStream(zipPath), 'application/zip', fileName);
  const row = await db.selectFrom('packages').select('data').where('hash', '=', problem.package_hash).executeTakeFirst();
  if (!row?.data) throw fail('NOT_FOUND', 'The package of this problem is not stored on this server');
  return new FileReply(row.data, 'application/zip', fileName);
}
