// `verdict user import <file>`: create users from a spreadsheet (username, e-mail, nickname,
// password, contest title, affiliation), on the local database or through a server.
import fs from 'node:fs';
import path from 'node:path';
import { confirm } from '@inquirer/prompts';
import { generatedPasswordsCsv, toImportRows, type ImportRow } from '@verdict/shared';
import { CliError } from '../errors.ts';
import { printJson, printTable } from '../output.ts';
import { readSpreadsheetRows } from '../spreadsheet.ts';
import { openUserStore, type UserStore } from '../user-store.ts';

interface ImportOptions {
  server?: string;
  output?: string;
  yes?: boolean;
  json?: boolean;
}

export { toImportRows };

function defaultOutput(file: string): string {
  const ext = path.extname(file);
  return `${file.slice(0, file.length - ext.length)}-passwords.csv`;
}

function printPreview(rows: ImportRow[]): void {
  printTable(
    ['Row', 'Username', 'E-mail', 'Nickname', 'Password', 'Contest', 'Affiliation', 'Check'],
    rows.map((r) => [r.row, r.username, r.email, r.nickname, r.passwordGenerated ? '(generated)' : '(given)', r.contest, r.affiliation, r.reason ?? 'ok']),
  );
}

function printResults(rows: ImportRow[]): void {
  printTable(
    ['Row', 'Username', 'Result', 'Reason'],
    rows.map((r) => [r.row, r.username, r.status === 'existed' ? 'already existed' : r.status, r.reason ?? '']),
  );
}

async function createAll(store: UserStore, rows: ImportRow[]): Promise<void> {
  for (const row of rows.filter((r) => r.status === 'pending')) {
    const outcome = await store.createUser({ username: row.username, email: row.email, nickname: row.nickname, password: row.password, auth: 0, affiliation: row.affiliation });
    row.status = outcome.status;
    if (outcome.status === 'invalid') row.reason = outcome.reason;
  }
  const byContest = new Map<string, ImportRow[]>();
  for (const row of rows.filter((r) => r.contest && r.status !== 'invalid')) {
    byContest.set(row.contest, [...(byContest.get(row.contest) ?? []), row]);
  }
  for (const [title, members] of byContest) {
    try {
      const joined = await store.joinContest(title, members.map((r) => r.username));
      for (const r of members) if (joined.unknown.includes(r.username)) r.reason = `not added to contest "${title}": unknown user`;
    } catch (err) {
      if (!(err instanceof CliError)) throw err;
      for (const r of members) r.reason = `not added to contest "${title}": ${err.message}`;
    }
  }
}

function writePasswords(file: string, rows: ImportRow[]): number {
  const csv = generatedPasswordsCsv(rows);
  if (!csv) return 0;
  fs.writeFileSync(file, csv, { mode: 0o600, flag: 'wx' });
  return rows.filter((r) => r.status === 'created' && r.passwordGenerated).length;
}

export default async function userImport(file: string, opts: ImportOptions): Promise<number> {
  const rows = toImportRows(readSpreadsheetRows(file));
  const passwordsFile = path.resolve(opts.output ?? defaultOutput(file));
  const needsFile = rows.some((r) => r.status === 'pending' && r.passwordGenerated);
  if (needsFile && fs.existsSync(passwordsFile)) {
    throw new CliError(`${passwordsFile} already exists; move it away or choose another file with --output`);
  }
  if (opts.json && !opts.yes) throw new CliError('--json is for scripts, which cannot answer the confirmation: add --yes');
  const valid = rows.filter((r) => r.status === 'pending').length;
  const store = await openUserStore(opts.server);
  try {
    if (!opts.json) {
      printPreview(rows);
      console.log(`${valid} of ${rows.length} rows can be imported into ${store.where}.`);
    }
    if (valid > 0 && !opts.yes && !(await confirm({ message: `Create ${valid} user${valid === 1 ? '' : 's'}?`, default: false }))) {
      console.log('Nothing imported.');
      return 1;
    }
    try {
      await createAll(store, rows);
    } catch (err) {
      // Each user is created whole; those created before the failure keep their accounts, so
      // their generated passwords must not be lost. Running the same import again does the rest.
      const written = writePasswords(passwordsFile, rows);
      const created = rows.filter((r) => r.status === 'created').length;
      const passwords = written ? `; their generated passwords are in ${passwordsFile}` : '';
      throw new CliError(`the import stopped: ${(err as Error).message}. ${created} users were created before that${passwords}. Run the same import again (with another --output) to create the rest.`);
    }
  } finally {
    await store.close();
  }
  const written = writePasswords(passwordsFile, rows);
  const count = (status: ImportRow['status']) => rows.filter((r) => r.status === status).length;
  const summary = { created: count('created'), existed: count('existed'), invalid: count('invalid'), passwordsFile: written ? passwordsFile : null };
  if (opts.json) {
    printJson({ ...summary, rows: rows.map(({ password: _p, ...r }) => r) });
  } else {
    printResults(rows);
    console.log(`${summary.created} created, ${summary.existed} already existed, ${summary.invalid} invalid.`);
    if (written) console.log(`Generated passwords for ${written} users written to ${passwordsFile} (readable only by you).`);
  }
  return summary.invalid > 0 ? 1 : 0;
}
