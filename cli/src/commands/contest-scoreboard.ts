// `verdict contest scoreboard <id>`: the table of a contest in its scoring rule (ICPC: solved and
// penalty; IOI, OI: scores), from the local database (the server's leaderboard service) or from a
// server (GET /api/BangDan/AllResultList). The administrator's board: live, or with --frozen the
// one contestants see during a freeze.
import { CONTEST_TIME_ZONE, ranksByScore, SCORING_RULE_LABELS } from '@verdict/shared';
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
  frozen?: boolean;
}

interface Scoreboard {
  contest: WireContest;
  rows: ScoreboardRow[];
}

async function fromServer(serverUrl: string, contestId: number, frozen: boolean): Promise<Scoreboard> {
  const client = ServerClient.loggedIn(serverUrl);
  const [contest, rows] = await Promise.all([
    client.get('/api/contest/ContestInfo', { contestId }),
    client.get('/api/BangDan/AllResultList', frozen ? { contestId, frozen: '1' } : { contestId }),
  ]);
  return { contest, rows };
}

function fromLocal(contestId: number, frozen: boolean): Promise<Scoreboard> {
  return withLocalDatabase(async ({ db }) => {
    try {
      const contest = await findContest(db, contestId);
      const view = frozen && contest.freeze_time ? 'frozen' : 'live';
      return { contest: toWireContest(contest, new Date()), rows: await buildLeaderboard(db, contest, view) };
    } catch (err) {
      if (err instanceof DomainError) throw new CliError(`contest ${contestId}: ${err.message}`);
      throw err;
    }
  });
}

/**
 * `+2 (37)`: solved after 2 attempts, 37 minutes in; `-3`: 3 rejected attempts; `-1 ?2`: one
 * rejected before the freeze, two tries after it (frozen board); empty: none.
 */
export function cellText(cell: ScoreboardCell): string {
  const pending = cell.pending ? `?${cell.pending}` : '';
  if (cell.result === 'AC') return `+${cell.cnt} (${cell.submitTime})`;
  if (cell.result === 'WA') return pending ? `-${cell.cnt} ${pending}` : `-${cell.cnt}`;
  return pending;
}

/**
 * IOI and OI: `40`: the problem's score (submitted at least once); `40 ?2`: the score before the
 * freeze and two tries after it (frozen board); `?1`: only tries after the freeze; empty: none.
 */
export function scoredCellText(cell: ScoreboardCell): string {
  const pending = cell.pending ? `?${cell.pending}` : '';
  const score = cell.cnt > 0 ? String(cell.score ?? 0) : '';
  return [score, pending].filter(Boolean).join(' ');
}

/** The table's header and rows: ICPC's, or with scores (the column of a problem names its maximum). */
function table({ contest, rows }: Scoreboard): { head: string[]; body: (string | number)[][] } {
  const cells = rows[0]?.judgeResultList ?? [];
  if (!ranksByScore(contest.scoringRule)) {
    return {
      head: ['Rank', 'User', 'AC', 'Penalty', ...cells.map((c) => c.newId)],
      body: rows.map((r) => [r.rank, r.userName, r.acNum, r.timePenalty, ...r.judgeResultList.map(cellText)]),
    };
  }
  return {
    head: ['Rank', 'User', 'Score', 'Full', 'Time', ...cells.map((c) => `${c.newId}/${c.maxScore ?? ''}`)],
    body: rows.map((r) => [r.rank, r.userName, r.score ?? 0, r.acNum, r.timePenalty, ...r.judgeResultList.map(scoredCellText)]),
  };
}

export function scoreboardCsv(board: Scoreboard): string {
  const quote = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const { head, body } = table(board);
  return [head, ...body].map((line) => line.map(quote).join(',')).join('\n') + '\n';
}

function freezeLine(contest: WireContest, frozen: boolean): string {
  const state = contest.thawTime ? `thawed at ${contest.thawTime}` : contest.frozen ? 'frozen now' : 'not frozen yet';
  const shown = frozen ? 'the frozen board: tries from the freeze on are ?N' : 'the live board';
  return `Freeze at ${contest.freezeTime} (${state}); showing ${shown}`;
}

export default async function contestScoreboard(idText: string, opts: ScoreboardOptions): Promise<void> {
  const contestId = Number(idText);
  if (!Number.isInteger(contestId) || contestId < 1) throw new CliError(`the contest id must be a positive integer, got "${idText}"`);
  if (opts.csv && opts.json) throw new CliError('choose one of --csv and --json');
  const board = opts.server ? await fromServer(opts.server, contestId, !!opts.frozen) : await fromLocal(contestId, !!opts.frozen);
  if (opts.json) return printJson(board);
  if (opts.csv) return void process.stdout.write(scoreboardCsv(board));
  const { contest, rows } = board;
  console.log(`${contest.title}  (${contest.startTime} – ${contest.endTime}, ${CONTEST_TIME_ZONE})`);
  if (ranksByScore(contest.scoringRule)) console.log(`Scoring: ${SCORING_RULE_LABELS[contest.scoringRule]}; Full: problems at full score, Time: the last minute a score was set`);
  if (contest.freezeTime) console.log(freezeLine(contest, !!opts.frozen));
  if (rows.length === 0) return void console.log('No participants yet.');
  const { head, body } = table(board);
  printTable(head, body);
}
