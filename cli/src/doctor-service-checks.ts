// `verdict doctor` checks for what the server needs around the judge: its database
// (DATA_DIR / DATABASE_URL), Chromium for PDF statements, and SMTP for e-mail codes.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadConfig, type Config } from '@verdict/server';
import { embeddedUrlFile, openDatabase } from '@verdict/server/database';
import { checkSmtp, judgeQueueStatus, LONG_WAIT_MS, redactUrl, usernameClashes } from '@verdict/server/doctor';
import { DEFAULT_CHROMIUM_PATH } from '@verdict/server/doctor';
import type { DoctorCheck, DoctorFinding } from './doctor-types.ts';

const run = promisify(execFile);

function config(): Config {
  return loadConfig(process.env);
}

/**
 * Opens the database as `verdict serve` would, runs `select 1`, closes it. Answers the accounts
 * whose name clashed with an older account's when migration 0020 made usernames canonical, and
 * what waits for judgement.
 */
async function reach(dataDir: string, databaseUrl?: string): Promise<DoctorFinding[]> {
  const database = await openDatabase({ dataDir, databaseUrl, poolSize: 1 });
  try {
    await database.pool.query('select 1');
    // A database not migrated yet has no keys to report, nor a queue.
    const clashes = await usernameClashes(database.db).catch(() => []);
    const findings: DoctorFinding[] = clashes.map(({ username, clashesWith }) => ({
      item: `username ${JSON.stringify(username)}`,
      status: 'warn' as const,
      detail: `looks like the older account ${JSON.stringify(clashesWith)} (same ignoring case, width and look-alike characters)`,
      fix: 'rename one of them (Admin > Users > edit, or the user themselves)',
    }));
    const queue = await judgeQueueStatus(database.db, new Date(), config().judgeQueue.workerDeadMs).catch(() => null);
    if (queue) findings.push(queueFinding(queue));
    return findings;
  } finally {
    await database.close();
  }
}

/** What waits for judgement: a warning when records wait with no worker alive, or for over a minute. */
function queueFinding(queue: Awaited<ReturnType<typeof judgeQueueStatus>>): DoctorFinding {
  const item = 'judging queue';
  if (queue.waiting === 0) return { item, status: 'ok', detail: queue.reason };
  const counts = Object.entries(queue.byStatus)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`)
    .join(', ');
  const oldest = queue.oldestWaitMs === null ? '' : `; the oldest (#${queue.oldestId}) for ${Math.round(queue.oldestWaitMs / 1000)} s`;
  const detail = `${queue.waiting} record(s) wait (${counts})${oldest}; at most ${queue.maxAttempts} attempt(s): ${queue.reason}`;
  const stuck = !queue.judges.some((j) => j.alive && j.workers > 0) || (queue.oldestWaitMs ?? 0) > LONG_WAIT_MS;
  return stuck ? { item, status: 'warn', detail, fix: 'see docs/judging-queue.md; GET /api/admin/judgeQueue shows the same live' } : { item, status: 'ok', detail };
}

async function databaseFindings(conf: Config): Promise<DoctorFinding[]> {
  const clashes: DoctorFinding[] = [];
  const finding = await databaseFinding(conf, clashes);
  return [finding, ...clashes];
}

/** The database's finding; `clashes` gets the usernames reach() reports. */
async function databaseFinding({ dataDir, databaseUrl }: Config, clashes: DoctorFinding[]): Promise<DoctorFinding> {
  const item = 'database';
  if (databaseUrl) {
    const shown = redactUrl(databaseUrl);
    try {
      clashes.push(...(await reach(dataDir, databaseUrl)));
      return { item, status: 'ok', detail: `PostgreSQL at ${shown} answers` };
    } catch (err) {
      return { item, status: 'fail', detail: `PostgreSQL at ${shown}: ${(err as Error).message}`, fix: 'start PostgreSQL, or correct DATABASE_URL (postgresql://user:password@host:5432/db)' };
    }
  }
  const announced = fs.existsSync(embeddedUrlFile(dataDir)) ? fs.readFileSync(embeddedUrlFile(dataDir), 'utf8').trim() : '';
  if (announced) {
    try {
      clashes.push(...(await reach(dataDir, announced)));
      return { item, status: 'ok', detail: `embedded database in ${dataDir}, served by a running verdict serve` };
    } catch {
      // The server that wrote pglite.url is gone; its files are checked below.
    }
  }
  if (!fs.existsSync(path.join(dataDir, 'pgdata'))) {
    const parent = fs.existsSync(dataDir) ? dataDir : path.dirname(dataDir);
    try {
      fs.accessSync(parent, fs.constants.W_OK);
      return { item, status: 'ok', detail: `embedded database will be created in ${dataDir} on first start` };
    } catch {
      return { item, status: 'fail', detail: `${parent} is not writable, so the embedded database cannot be created`, fix: 'set DATA_DIR to a writable folder' };
    }
  }
  try {
    clashes.push(...(await reach(dataDir)));
    return { item, status: 'ok', detail: `embedded database in ${dataDir} opens` };
  } catch (err) {
    return { item, status: 'fail', detail: `embedded database in ${dataDir}: ${(err as Error).message}`, fix: 'stop other processes using DATA_DIR, or point DATA_DIR elsewhere' };
  }
}

export const databaseCheck: DoctorCheck = {
  name: 'database',
  run: () => databaseFindings(config()),
};

export const chromiumCheck: DoctorCheck = {
  name: 'chromium',
  async run() {
    const item = 'chromium (PDF)';
    try {
      const { stdout } = await run(DEFAULT_CHROMIUM_PATH, ['--version'], { timeout: 15_000 });
      return [{ item, status: 'ok', detail: stdout.trim().split('\n')[0] }];
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      return [{
        item,
        status: 'warn',
        detail: missing ? `${DEFAULT_CHROMIUM_PATH} not found: statements without a PDF in their package cannot be downloaded as PDF` : `${DEFAULT_CHROMIUM_PATH} --version failed: ${(err as Error).message}`,
        fix: 'apt-get install -y chromium',
      }];
    }
  },
};

export const smtpCheck: DoctorCheck = {
  name: 'smtp',
  async run() {
    const { smtpUrl, dataDir } = config();
    const item = 'smtp (e-mail codes)';
    if (!smtpUrl) {
      return [{ item, status: 'warn', detail: `SMTP_URL is not set: mail is written to ${path.join(dataDir, 'outbox')} instead of being sent`, fix: 'set SMTP_URL, e.g. smtp://user:password@mail.example.com:587' }];
    }
    const result = await checkSmtp(smtpUrl);
    if (result.ok) return [{ item, status: 'ok', detail: `${redactUrl(smtpUrl)} accepts connections` }];
    return [{ item, status: 'fail', detail: `${redactUrl(smtpUrl)}: ${result.error}`, fix: 'check SMTP_URL (host, port, user and password) and that the mail server is reachable' }];
  },
};

export const serviceChecks: DoctorCheck[] = [databaseCheck, chromiumCheck, smtpCheck];
