// `verdict contest scoreboard <id>`: the ICPC table of a contest, from the local database (the
// server's leaderboard service) or from a server (GET /api/BangDan/AllResultList).
import { CONTEST_TIME_ZONE } from '@verdict/shared';
import { findContest } from '@verdict/server/contests';
import { toWireContest, type WireContest } from '@verdict/server/contests';
import { buildLeaderboard } from '@verdict/server/contests';
import type { ScoreboardCell, ScoreboardRow } from '@verdict/server/contests';
import { DomainError } from '@verdict/server/errors';
import { CliError } from '../errors.ts';
import { withLocalDatabase } from '../local-db.ts';
import { printJson, printTable } from '../output.ts';
import { ServerClient } from '../server-client.ts';

interface ScoreboardOptions {
  csv?: boolean;
  json?: boolean;
  server?: string;
}

interface Scoreboard {
  contest: WireContest;
  rows: ScoreboardRow[];
}

async function fromServer(serverUrl: string, contestId: number): Promise<Scoreboard> {
  const client = ServerClient.loggedIn(serverUrl);
  const [contest, rows] = await Promise.all([
    client.get('/api/contest/ContestInfo', { contestId }),
    client.get('/api/BangDan/AllResultList', { contestId }),
  ]);
  return { contest, rows };
}

function fromLocal(contestId: number): Promise<Scoreboard> {
  return withLocalDatabase(async ({ db }) => {
    try {
      const contest = await findContest(db, contestId);
      return { contest: toWireContest(contest), rows: await buildLeaderboard(db, contest) };
    } catch (err) {
      if (err instanceof DomainError) throw new CliError(`contest ${contestId}: ${err.message}`);
      throw err;
    }
  });
}

/** `+2 (37)`: solved after 2 attempts, 37 minutes in; `-3`: 3 rejected attempts; empty: none. */
export function cellText(cell: ScoreboardCell): string {
  if (cell.result === 'AC') return `+${cell.cnt} (${cell.submitTime})`;
  if (cell.result === 'WA') return `-${cell.cnt}`;
  return '';
}

function letters(rows: ScoreboardRow[]): string[] {
  return rows[0]?.judgeResultList.map((c) => c.newId) ?? [];
}

export function scoreboardCsv({ rows }: Scoreboard): string {
  const quote = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const lines = [['Rank', 'User', 'AC', 'Penalty', ...letters(rows)].map(quote).join(',')];
  for (const r of rows) lines.push([r.rank, r.userName, r.acNum, r.timePenalty, ...r.judgeResultList.map(cellText)].map(quote).join(','));
  return lines.join('\n') + '\n';
}

export default async function contestScoreboard(idText: string, opts: ScoreboardOptions): Promise<void> {
  const contestId = Number(idText);
  if (!Number.isInteger(contestId) || contestId < 1) throw new CliError(`the contest id must be a positive integer, got "${idText}"`);
  if (opts.csv && opts.json) throw new CliError('choose one of --csv and --json');
  const board = opts.server ? await fromServer(opts.server, contestId) : await fromLocal(contestId);
  if (opts.json) return printJson(board);
  if (opts.csv) return void process.stdout.write(scoreboardCsv(board));
  const { contest, rows } = board;
  console.log(`${contest.title}  (${contest.startTime} – ${contest.endTime}, ${CONTEST_TIME_ZONE})`);
  if (rows.length === 0) return void console.log('No participants yet.');
  printTable(
    ['Rank', 'User', 'AC', 'Penalty', ...letters(rows)],
    rows.map((r) => [r.rank, r.userName, r.acNum, r.timePenalty, ...r.judgeResultList.map(cellText)]),
  );
}
