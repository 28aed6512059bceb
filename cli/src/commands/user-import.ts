// `verdict user import <file>`: create users from a spreadsheet (username, e-mail, nickname,
// password, contest title, affiliation), on the local database or through a server.
import fs from 'node:fs';
import path from 'node:path';
import { confirm } from '@inquirer/prompts';
import { USER_LIMITS } from '@verdict/shared';
import { CliError } from '../errors.ts';
import { printJson, printTable } from '../output.ts';
import { readSpreadsheetRows } from '../spreadsheet.ts';
import { emailProblem, generatePassword, nicknameProblem, passwordProblem, usernameProblem } from '../user-rules.ts';
import { openUserStore, type UserStore } from '../user-store.ts';

interface ImportOptions {
  server?: string;
  output?: string;
  yes?: boolean;
  json?: boolean;
}

export interface ImportRow {
  /** Row number in the spreadsheet (the header is row 1). */
  row: number;
  username: string;
  email: string;
  nickname: string;
  password: string;
  passwordGenerated: boolean;
  contest: string;
  /** University or organisation: the team's organization in the Contest API; '' for none. */
  affiliation: string;
  status: 'pending' | 'created' | 'existed' | 'invalid';
  reason?: string;
}

export function toImportRows(cells: string[][]): ImportRow[] {
  const seen = new Set<string>();
  return cells.map(([username = '', email = '', nickname = '', password = '', contest = '', affiliation = ''], i) => {
    const row: ImportRow = {
      row: i + 2,
      username,
      email,
      nickname: nickname || username,
      password: password || generatePassword(),
      passwordGenerated: !password,
      contest,
      affiliation,
      status: 'pending',
    };
    const field = (name: string, problem: string | undefined) => (problem ? `${name}: ${problem}` : undefined);
    const reason =
      field('username', usernameProblem(username)) ??
      field('e-mail', emailProblem(email)) ??
      field('nickname', nicknameProblem(row.nickname)) ??
      field('password', password ? passwordProblem(password) : undefined) ??
      field('affiliation', affiliation.length > USER_LIMITS.affiliationMax ? `at most ${USER_LIMITS.affiliationMax} characters` : undefined) ??
      (seen.has(username) ? `username ${username} appears twice in the file` : undefined);
    seen.add(username);
    if (reason) Object.assign(row, { status: 'invalid', reason });
    return row;
  });
}

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
  const generated = rows.filter((r) => r.status === 'created' && r.passwordGenerated);
  if (generated.length === 0) return 0;
  const csv = ['username,email,password', ...generated.map((r) => [r.username, r.email, r.password].map(csvCell).join(','))].join('\n') + '\n';
  fs.writeFileSync(file, csv, { mode: 0o600, flag: 'wx' });
  return generated.length;
}

function csvCell(value: string): string {
  // A leading =, +, - or @ would run as a formula when the file is opened in a spreadsheet.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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
