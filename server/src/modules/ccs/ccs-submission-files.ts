// A submission's source files as the Contest API hands them out: one zip, to administrators and
// to the team that submitted (a shadow CCS judges them again).
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../common/errors.ts';
import { FileReply } from '../../common/files.ts';
import { languageFiles } from './ccs-problems.ts';
import { seesSource } from './ccs-submissions.ts';
import type { CcsContext } from './ccs-viewer.ts';

export async function submissionFilesZip(db: Kysely<DB>, ctx: CcsContext, submissionId: string): Promise<FileReply> {
  const row = /^[1-9][0-9]{0,9}$/.test(submissionId)
    ? await db
        .selectFrom('submissions as s')
        .innerJoin('contest_users as cu', (join) => join.onRef('cu.contest_id', '=', 's.contest_id').onRef('cu.user_id', '=', 's.user_id'))
        .select(['s.id', 's.user_id', 's.language', 's.code', 's.files'])
        .where('s.contest_id', '=', ctx.contest.id)
        .where('s.id', '=', Number(submissionId))
        .executeTakeFirst()
    : undefined;
  if (!row) throw fail('NOT_FOUND', `No such submission: ${submissionId}`);
  if (!seesSource(ctx, row.user_id)) throw fail('FORBIDDEN', "Only administrators and the team that submitted may download a submission's files");
  const sourceFile = (await languageFiles()).get(row.language)?.sourceFile ?? 'source.txt';
  const files = row.files ?? [{ name: sourceFile, content: row.code }];
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(Buffer.from(file.content, 'utf8'), file.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new FileReply(Buffer.concat(chunks), 'application/zip', `submission-${row.id}.zip`);
}
